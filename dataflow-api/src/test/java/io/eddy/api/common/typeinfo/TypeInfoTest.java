package io.eddy.api.common.typeinfo;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TestTypes.Color;
import io.eddy.api.common.typeutils.TestTypes.Line;
import io.eddy.api.common.typeutils.TestTypes.Opaque;
import io.eddy.api.common.typeutils.TestTypes.Person;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Type information travels inside job graphs: it must survive Java serialization, and equality must be by value. */
class TypeInfoTest {

    private static final List<TypeInfo<?>> ALL = List.of(Types.STRING, Types.INT, Types.VOID, Types.BIG_DEC, Types.INSTANT,
            PrimitiveArrayTypeInfo.LONG_ARRAY, Types.OBJECT_ARRAY(Types.STRING), Types.TUPLE(Types.STRING, Types.INT),
            TypeInfo.of(Person.class), TypeInfo.of(Line.class), Types.ENUM(Color.class), Types.GENERIC(Opaque.class),
            new TypeHint<Tuple2<String, Person>>() {}.getTypeInfo());

    @Test
    void survivesJavaSerializationAndStillWorks() throws Exception {
        for (TypeInfo<?> type : ALL) {
            TypeInfo<?> back = roundTrip(type);
            assertThat(back).as("%s", type).isEqualTo(type).hasSameHashCodeAs(type);
            assertThat(back.toString()).isEqualTo(type.toString());
            assertThat(back.isKeyType()).as("isKeyType of %s", type).isEqualTo(type.isKeyType());
            assertThat(back.createSerializer(new SerializerConfig())).isEqualTo(type.createSerializer(new SerializerConfig()));
        }
        assertThat(roundTrip(Types.INT)).isSameAs(Types.INT);
    }

    @Test
    void keyTypes() {
        assertThat(Types.STRING.isKeyType()).isTrue();
        assertThat(Types.VOID.isKeyType()).isFalse();
        assertThat(PrimitiveArrayTypeInfo.INT_ARRAY.isKeyType()).isFalse();
        assertThat(Types.TUPLE(Types.STRING, Types.INT).isKeyType()).isTrue();
        assertThat(TypeInfo.of(Person.class).isKeyType()).as("Person has a List field").isFalse();
        assertThat(TypeInfo.of(Line.class).isKeyType()).isTrue();
        assertThat(Types.GENERIC(Opaque.class).isKeyType()).as("Comparable").isTrue();
        assertThat(Types.GENERIC(Object.class).isKeyType()).isFalse();
    }

    @Test
    void primitiveArrayFactory() {
        assertThat(Types.PRIMITIVE_ARRAY(Types.DOUBLE)).isEqualTo(PrimitiveArrayTypeInfo.DOUBLE_ARRAY);
        assertThat(Types.PRIMITIVE_ARRAY(Types.DOUBLE).getTypeClass()).isEqualTo(double[].class);
    }

    @Test
    void serializersOfEqualTypesReadEachOthersData() throws Exception {
        TypeInfo<Tuple2<String, Integer>> a = Types.TUPLE(Types.STRING, Types.INT);
        TypeInfo<Tuple2<String, Integer>> b = new TypeHint<Tuple2<String, Integer>>() {}.getTypeInfo();
        TypeSerializer<Tuple2<String, Integer>> writer = a.createSerializer(new SerializerConfig());
        TypeSerializer<Tuple2<String, Integer>> reader = roundTrip(b).createSerializer(new SerializerConfig());
        DataOutputSerializer out = new DataOutputSerializer(16);
        writer.serialize(Tuple2.of("k", 3), out);
        assertThat(reader.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))).isEqualTo(Tuple2.of("k", 3));
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
