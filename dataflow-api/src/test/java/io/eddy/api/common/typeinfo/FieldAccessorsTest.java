package io.eddy.api.common.typeinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.TestTypes.Address;
import io.eddy.api.common.typeutils.TestTypes.Line;
import io.eddy.api.common.typeutils.TestTypes.Person;
import io.eddy.api.common.typeutils.TestTypes.Point;
import io.eddy.api.java.tuple.Tuple2;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class FieldAccessorsTest {

    private final TypeInfo<Tuple2<String, Tuple2<Integer, Long>>> nested =
            new TypeHint<Tuple2<String, Tuple2<Integer, Long>>>() {}.getTypeInfo();

    @Test
    void tupleFieldsByPositionAndName() {
        Tuple2<String, Tuple2<Integer, Long>> value = Tuple2.of("a", Tuple2.of(1, 2L));
        FieldAccessor<Tuple2<String, Tuple2<Integer, Long>>, String> f0 = FieldAccessors.create(nested, 0, "keyBy");
        FieldAccessor<Tuple2<String, Tuple2<Integer, Long>>, Long> inner = FieldAccessors.create(nested, "f1.f1", "sum");
        assertThat(f0.get(value)).isEqualTo("a");
        assertThat(f0.getFieldType()).isEqualTo(Types.STRING);
        assertThat(inner.get(value)).isEqualTo(2L);
        assertThat(inner.getFieldType()).isEqualTo(Types.LONG);
        assertThat(inner.set(value, 7L)).isSameAs(value);
        assertThat(value.f1.f1).isEqualTo(7L);
    }

    @Test
    void basicTypePositionZeroIsTheValue() {
        FieldAccessor<Integer, Integer> self = FieldAccessors.create(Types.INT, 0, "sum");
        assertThat(self.get(5)).isEqualTo(5);
        assertThat(self.set(5, 9)).isEqualTo(9);
        assertThat(FieldAccessors.<Integer, Integer>create(Types.INT, "*", "max").get(3)).isEqualTo(3);
        assertThatThrownBy(() -> FieldAccessors.create(Types.INT, 1, "sum")).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("'sum'").hasMessageContaining("position 1");
    }

    @Test
    void pojoFieldsIncludingPrivateWithAccessorsAndNested() {
        Person person = new Person("ann", 30, new Address("Oslo", 150), null);
        TypeInfo<Person> type = TypeInfo.of(Person.class);
        FieldAccessor<Person, Integer> age = FieldAccessors.create(type, "age", "sum");
        FieldAccessor<Person, String> city = FieldAccessors.create(type, "address.city", "keyBy");
        assertThat(age.get(person)).isEqualTo(30);
        assertThat(age.set(person, 31)).isSameAs(person);
        assertThat(person.age).isEqualTo(31);
        assertThat(city.get(person)).isEqualTo("Oslo");
        city.set(person, "Bergen");
        assertThat(person.getAddress().city).isEqualTo("Bergen");
    }

    @Test
    void recordFieldsCreateNewRecordsOnSet() {
        Line line = new Line(new Point(1, 2, "a"), new Point(3, 4, "b"));
        FieldAccessor<Line, Integer> y = FieldAccessors.create(TypeInfo.of(Line.class), "to.y", "max");
        assertThat(y.get(line)).isEqualTo(4);
        Line changed = y.set(line, 40);
        assertThat(changed).isEqualTo(new Line(new Point(1, 2, "a"), new Point(3, 40, "b")));
        assertThat(line.to().y()).isEqualTo(4);
    }

    @Test
    void unknownFieldNamesOperatorFieldTypeAndAvailableFields() {
        TypeInfo<Person> type = TypeInfo.of(Person.class);
        assertThatThrownBy(() -> FieldAccessors.create(type, "adress.city", "Group by city"))
                .isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("'Group by city'")
                .hasMessageContaining("'adress'")
                .hasMessageContaining("Person<")
                .hasMessageContaining("[address, age, name, tags]");
        assertThatThrownBy(() -> FieldAccessors.create(nested, 2, "keyBy")).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("[f0, f1]");
        assertThatThrownBy(() -> FieldAccessors.create(nested, "f0.length", "keyBy")).isInstanceOf(InvalidTypesException.class)
                .hasMessageContaining("has no fields");
    }

    @Test
    void accessorsAreJavaSerializable() throws Exception {
        FieldAccessor<Person, String> city = FieldAccessors.create(TypeInfo.of(Person.class), "address.city", "keyBy");
        FieldAccessor<Line, Integer> x = FieldAccessors.create(TypeInfo.of(Line.class), "from.x", "keyBy");
        Person person = new Person("ann", 30, new Address("Oslo", 150), null);
        assertThat(roundTrip(city).get(person)).isEqualTo("Oslo");
        assertThat(roundTrip(x).get(new Line(new Point(8, 0, null), null))).isEqualTo(8);
    }

    @SuppressWarnings("unchecked")
    private static <X> X roundTrip(X object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (X) in.readObject();
        }
    }
}
