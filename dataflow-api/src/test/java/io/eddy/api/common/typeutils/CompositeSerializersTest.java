package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.TestTypes.Address;
import io.eddy.api.common.typeutils.TestTypes.Color;
import io.eddy.api.common.typeutils.TestTypes.Line;
import io.eddy.api.common.typeutils.TestTypes.Opaque;
import io.eddy.api.common.typeutils.TestTypes.Person;
import io.eddy.api.common.typeutils.TestTypes.Point;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.core.memory.DataOutputSerializer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The serializer contract for tuples, POJOs, records, enums, object arrays and Kryo. */
class CompositeSerializersTest {

    static final SerializerConfig CONFIG = new SerializerConfig();

    @Nested
    class TupleTest extends SerializerContractTest<Tuple3<String, Integer, Tuple2<Long, Boolean>>> {
        final TypeInfo<Tuple3<String, Integer, Tuple2<Long, Boolean>>> type =
                new TypeHint<Tuple3<String, Integer, Tuple2<Long, Boolean>>>() {}.getTypeInfo();

        protected TypeSerializer<Tuple3<String, Integer, Tuple2<Long, Boolean>>> createSerializer() {
            return type.createSerializer(CONFIG);
        }
        protected int getLength() { return -1; }
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected Class<Tuple3<String, Integer, Tuple2<Long, Boolean>>> getTypeClass() { return (Class) Tuple3.class; }
        @SuppressWarnings({"unchecked", "rawtypes"})
        protected Tuple3<String, Integer, Tuple2<Long, Boolean>>[] getTestData() {
            return new Tuple3[] {Tuple3.of("a", 1, Tuple2.of(2L, true)), Tuple3.of("", -1, Tuple2.of(Long.MIN_VALUE, false)),
                Tuple3.of("grüße", Integer.MAX_VALUE, Tuple2.of(0L, true))};
        }
        @Override protected Tuple3<String, Integer, Tuple2<Long, Boolean>> randomValue(Random r) {
            return Tuple3.of(Integer.toString(r.nextInt(), 36), r.nextInt(), Tuple2.of(r.nextLong(), r.nextBoolean()));
        }

        @Test
        void nullFieldFailsNamingTheField() {
            Tuple3<String, Integer, Tuple2<Long, Boolean>> value = Tuple3.of("a", null, Tuple2.of(1L, true));
            assertThatThrownBy(() -> createSerializer().serialize(value, new DataOutputSerializer(8)))
                    .isInstanceOf(NullPointerException.class).hasMessageContaining("field f1").hasMessageContaining("POJO or record");
        }

        @Test
        void fixedLengthTupleHasFixedLength() {
            assertThat(Types.TUPLE(Types.INT, Types.LONG).createSerializer(CONFIG).getLength()).isEqualTo(12);
        }
    }

    @Nested
    class PojoTest extends SerializerContractTest<Person> {
        protected TypeSerializer<Person> createSerializer() { return TypeInfo.of(Person.class).createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<Person> getTypeClass() { return Person.class; }
        protected Person[] getTestData() {
            return new Person[] {new Person("ann", 31, new Address("Oslo", 150), new ArrayList<>(List.of("a", "b"))),
                new Person(null, 0, null, null), new Person("bob", -1, new Address(null, 0), new ArrayList<>())};
        }
        @Override protected Person randomValue(Random r) {
            return new Person(r.nextBoolean() ? null : "p" + r.nextInt(), r.nextInt(),
                    r.nextBoolean() ? null : new Address("c" + r.nextInt(100), r.nextInt()), new ArrayList<>(List.of("t" + r.nextInt(9))));
        }

        @Test
        void serializerIsAPojoSerializer() {
            assertThat(createSerializer()).isInstanceOf(PojoSerializer.class);
        }
    }

    @Nested
    class ForcedKryoPojoTest extends SerializerContractTest<Person> {
        protected TypeSerializer<Person> createSerializer() {
            return TypeInfo.of(Person.class).createSerializer(new SerializerConfig().setForceKryo(true));
        }
        protected int getLength() { return -1; }
        protected Class<Person> getTypeClass() { return Person.class; }
        protected Person[] getTestData() { return new PojoTest().getTestData(); }
    }

    @Nested
    class RecordTest extends SerializerContractTest<Line> {
        protected TypeSerializer<Line> createSerializer() { return TypeInfo.of(Line.class).createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<Line> getTypeClass() { return Line.class; }
        protected Line[] getTestData() {
            return new Line[] {new Line(new Point(1, 2, "a"), new Point(-3, 4, null)), new Line(null, new Point(0, 0, "")),
                new Line(new Point(Integer.MIN_VALUE, Integer.MAX_VALUE, "grüße"), null)};
        }
        @Override protected Line randomValue(Random r) {
            return new Line(new Point(r.nextInt(), r.nextInt(), "l" + r.nextInt()), r.nextBoolean() ? null : new Point(r.nextInt(), 1, null));
        }
    }

    @Nested
    class EnumTest extends SerializerContractTest<Color> {
        protected TypeSerializer<Color> createSerializer() { return Types.ENUM(Color.class).createSerializer(CONFIG); }
        protected int getLength() { return 4; }
        protected Class<Color> getTypeClass() { return Color.class; }
        protected Color[] getTestData() { return Color.values(); }
    }

    @Nested
    class ObjectArrayTest extends SerializerContractTest<String[]> {
        protected TypeSerializer<String[]> createSerializer() { return Types.OBJECT_ARRAY(Types.STRING).createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<String[]> getTypeClass() { return String[].class; }
        protected String[][] getTestData() { return new String[][] {{}, {"a", null, "c"}, {"x".repeat(100)}}; }
        @Override protected String[] randomValue(Random r) {
            String[] a = new String[r.nextInt(5)];
            Arrays.setAll(a, i -> r.nextInt(4) == 0 ? null : "s" + r.nextInt());
            return a;
        }
    }

    @Nested
    class KryoTest extends SerializerContractTest<Opaque> {
        protected TypeSerializer<Opaque> createSerializer() {
            return TypeInfo.of(Opaque.class).createSerializer(new SerializerConfig().registerKryoType(Opaque.class));
        }
        protected int getLength() { return -1; }
        protected Class<Opaque> getTypeClass() { return Opaque.class; }
        protected Opaque[] getTestData() {
            Opaque a = new Opaque("a");
            Opaque b = new Opaque("b");
            a.links().add(b);
            b.links().add(a);
            Opaque big = new Opaque("big".repeat(300));
            return new Opaque[] {a, b, new Opaque(""), big};
        }
        @Override protected Opaque randomValue(Random r) {
            Opaque o = new Opaque("r" + r.nextInt());
            for (int i = r.nextInt(3); i > 0; i--) {
                o.links().add(new Opaque("l" + i));
            }
            return o;
        }

        @Test
        void registrationChangeNeedsMigration() {
            TypeSerializerSnapshot<Opaque> snapshot = createSerializer().snapshotConfiguration();
            TypeSerializer<Opaque> unregistered = TypeInfo.of(Opaque.class).createSerializer(new SerializerConfig());
            assertThat(snapshot.resolveSchemaCompatibility(unregistered))
                    .isEqualTo(TypeSerializerSchemaCompatibility.COMPATIBLE_AFTER_MIGRATION);
        }
    }
}
