package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link MemberAccessors.RecordFactory}: generated getters and constructor, and the method-handle fallback. */
class RecordFactoryTest {

    private static final SerializerConfig CONFIG = new SerializerConfig();

    private record Pair(int id, String name) {
        Pair {
            if (id < 0) {
                throw new IllegalArgumentException("id: " + id + " (expected: 0 or more)");
            }
        }
    }

    private record Primitives(boolean z, byte b, short s, char c, int i, long l, float f, double d) {
    }

    private record Wide(int a, int b, int c, int d, int e, int f, int g, int h, long i) {
    }

    private record Single(int value) {
    }

    private record Empty() {
    }

    @Test
    void generatedAccessReadsAndCreatesPrivateRecords() {
        MemberAccessors.RecordFactory<Pair> factory = new MemberAccessors.RecordFactory<>(Pair.class);

        assertThat(factory.usesGeneratedAccess()).isTrue();
        Pair pair = factory.create(new Object[] {7, "seven"});
        assertThat(pair).isEqualTo(new Pair(7, "seven"));
        assertThat(factory.get(pair, 0)).isEqualTo(7);
        assertThat(factory.get(pair, 1)).isEqualTo("seven");
        assertThat(factory.getArity()).isEqualTo(2);
    }

    @Test
    void everyPrimitiveTypeIsBoxedAndUnboxed() {
        MemberAccessors.RecordFactory<Primitives> factory = new MemberAccessors.RecordFactory<>(Primitives.class);
        Object[] values = {true, (byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25};

        Primitives created = factory.create(values);

        assertThat(factory.usesGeneratedAccess()).isTrue();
        assertThat(created).isEqualTo(new Primitives(true, (byte) 1, (short) 2, 'c', 4, 5L, 6.5f, 7.25));
        for (int i = 0; i < values.length; i++) {
            assertThat(factory.get(created, i)).isEqualTo(values[i]);
        }
    }

    @Test
    void recordsWiderThanTheGeneratedAritiesFallBackToMethodHandles() {
        MemberAccessors.RecordFactory<Wide> factory = new MemberAccessors.RecordFactory<>(Wide.class);

        Wide wide = factory.create(new Object[] {1, 2, 3, 4, 5, 6, 7, 8, TimeUnit.DAYS.toMillis(1)});

        assertThat(factory.usesGeneratedAccess()).isFalse();
        assertThat(wide).isEqualTo(new Wide(1, 2, 3, 4, 5, 6, 7, 8, 86_400_000L));
        assertThat(factory.get(wide, 8)).isEqualTo(86_400_000L);
    }

    @Test
    void emptyRecordsAreCreated() {
        MemberAccessors.RecordFactory<Empty> factory = new MemberAccessors.RecordFactory<>(Empty.class);

        assertThat(factory.create(new Object[0])).isEqualTo(new Empty());
        assertThat(factory.getArity()).isZero();
    }

    @Test
    void exceptionsOfTheCanonicalConstructorPropagateUnchanged() {
        MemberAccessors.RecordFactory<Pair> factory = new MemberAccessors.RecordFactory<>(Pair.class);

        assertThatThrownBy(() -> factory.create(new Object[] {-1, "minus one"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("id: -1");
        assertThatThrownBy(() -> factory.create(new Object[] {null, "null id"})).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aFactoryStillWorksAfterJavaSerialization() throws Exception {
        MemberAccessors.RecordFactory<Pair> factory = new MemberAccessors.RecordFactory<>(Pair.class);
        factory.create(new Object[] {1, "one"});

        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(factory);
        }
        @SuppressWarnings("unchecked")
        MemberAccessors.RecordFactory<Pair> copy = (MemberAccessors.RecordFactory<Pair>) new java.io.ObjectInputStream(
                new java.io.ByteArrayInputStream(bytes.toByteArray())).readObject();

        assertThat(copy.create(new Object[] {2, "two"})).isEqualTo(new Pair(2, "two"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void deserializedSerializersAndAccessorsResolveNothingOnFirstUse() throws Exception {
        // A task deserializes its serializers with every job; a branch that only the job's first record
        // takes would deoptimize the compiled hot loop that inlined it, at the start of every job.
        RecordSerializer<Pair> serializer = new RecordSerializer<>(Pair.class,
                new TypeSerializer<?>[] {Types.INT.createSerializer(CONFIG), Types.STRING.createSerializer(CONFIG)});
        assertThat(serializer.hasCodec()).as("created").isTrue();

        RecordSerializer<Pair> copy = javaRoundTrip(serializer);
        assertThat(copy.hasCodec()).as("deserialized, before any record").isTrue();
        assertThat(javaRoundTrip(new MemberAccessors.RecordFactory<>(Pair.class)).isResolved()).isTrue();
        MemberAccessors.PojoFieldAccessor<Holder, String> fieldCopy = javaRoundTrip(
                (MemberAccessors.PojoFieldAccessor<Holder, String>) MemberAccessors.<Holder, String>pojoField(Holder.class, "name"));
        assertThat(fieldCopy.isResolved()).as("a POJO field accessor, deserialized").isTrue();
        Instantiator<Holder> instantiator = javaRoundTrip(Instantiator.forClass(Holder.class));
        assertThat(instantiator.isResolved()).as("a POJO's constructor, deserialized").isTrue();
        assertThat(instantiator.newInstance()).isInstanceOf(Holder.class);
        Holder holder = new Holder();
        fieldCopy.set(holder, "x");
        assertThat(fieldCopy.get(holder)).isEqualTo("x");

        DataOutputSerializer out = new DataOutputSerializer(64);
        copy.serialize(new Pair(7, "seven"), out);
        assertThat(copy.deserialize(new DataInputDeserializer(out.getSharedBuffer(), 0, out.length()))).isEqualTo(new Pair(7, "seven"));
    }

    /** A POJO with a field the accessor reaches. */
    public static final class Holder implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        public String name;
    }

    @SuppressWarnings("unchecked")
    private static <T> T javaRoundTrip(T object) throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        return (T) new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())).readObject();
    }

    @Test
    void smallRecordsTakeTheUnrolledPathAndWriteTheDocumentedLayout() throws Exception {
        RecordSerializer<Pair> serializer = new RecordSerializer<>(Pair.class,
                new TypeSerializer<?>[] {Types.INT.createSerializer(CONFIG), Types.STRING.createSerializer(CONFIG)});
        DataOutputSerializer out = new DataOutputSerializer(64);

        serializer.serialize(new Pair(258, "x"), out);
        serializer.serialize(new Pair(3, null), out);

        DataOutputSerializer expected = new DataOutputSerializer(64);
        expected.writeInt(258);
        expected.writeByte(1);
        Types.STRING.createSerializer(CONFIG).serialize("x", expected);
        expected.writeInt(3);
        expected.writeByte(0);
        assertThat(out.getCopyOfBuffer()).isEqualTo(expected.getCopyOfBuffer());
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThat(serializer.deserialize(in)).isEqualTo(new Pair(258, "x"));
        assertThat(serializer.deserialize(in)).isEqualTo(new Pair(3, null));
        assertThat(in.available()).isZero();
    }

    @Test
    void wideRecordsRoundTripThroughTheGenericPath() throws Exception {
        TypeSerializer<?>[] components = new TypeSerializer<?>[9];
        for (int i = 0; i < 8; i++) {
            components[i] = Types.INT.createSerializer(CONFIG);
        }
        components[8] = Types.LONG.createSerializer(CONFIG);
        RecordSerializer<Wide> serializer = new RecordSerializer<>(Wide.class, components);
        DataOutputSerializer out = new DataOutputSerializer(64);
        Wide wide = new Wide(1, 2, 3, 4, 5, 6, 7, 8, -9L);

        serializer.serialize(wide, out);

        assertThat(out.length()).isEqualTo(8 * 4 + 8);
        assertThat(serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))).isEqualTo(wide);
    }

    @Test
    void eachSmallRecordClassGetsACodecClassOfItsOwnThatAllItsSerializersShare() {
        @SuppressWarnings("unchecked")
        TypeSerializer<Object>[] components = new TypeSerializer[] {Types.INT.createSerializer(CONFIG), Types.STRING.createSerializer(CONFIG)};
        boolean[] nullable = {false, true};
        // Two factories, as two tasks that each deserialized the job's serializer have.
        MemberAccessors.RecordFactory<Pair> factory1 = new MemberAccessors.RecordFactory<>(Pair.class);
        MemberAccessors.RecordFactory<Pair> factory2 = new MemberAccessors.RecordFactory<>(Pair.class);

        RecordCodecs.RecordCodec first = RecordCodecs.create(factory1, components, nullable);
        RecordCodecs.RecordCodec second = RecordCodecs.create(factory2, components, nullable);
        @SuppressWarnings("unchecked")
        TypeSerializer<Object>[] oneInt = new TypeSerializer[] {Types.INT.createSerializer(CONFIG)};
        RecordCodecs.RecordCodec other = RecordCodecs.create(new MemberAccessors.RecordFactory<>(Single.class), oneInt, new boolean[1]);

        assertThat(first.getClass().isHidden()).isTrue();
        assertThat(second).isNotSameAs(first);
        assertThat(second.getClass()).as("one codec class per record class: the JIT compiles it once for every task").isSameAs(first.getClass());
        assertThat(factory2.generatedConstructor().getClass()).isSameAs(factory1.generatedConstructor().getClass());
        assertThat(factory2.getter(0).getClass()).isSameAs(factory1.getter(0).getClass());
        assertThat(other.getClass().isHidden()).isTrue();
        assertThat(other.getClass()).isNotSameAs(first.getClass());
        assertThat(RecordCodecs.create(new MemberAccessors.RecordFactory<>(Wide.class), new TypeSerializer[9], new boolean[9])).isNull();
    }
}
