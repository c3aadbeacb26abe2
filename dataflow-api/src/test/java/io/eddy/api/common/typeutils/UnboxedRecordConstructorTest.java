package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * The unboxed constructor calls of records with {@code int} components ({@link
 * RecordLambdas#intCreator}) and the {@link UnrolledRecordCodec} path that reads through them.
 */
class UnboxedRecordConstructorTest {

    private static final SerializerConfig CONFIG = new SerializerConfig();

    private record Id(int id) {
    }

    private record Point(int x, int y) {
    }

    private record Checked(int id, String name) {
        Checked {
            if (id < 0) {
                throw new IllegalArgumentException("id: " + id + " (expected: 0 or more)");
            }
        }
    }

    private record Named(String name, int id) {
    }

    private record NoInt(String name, long id) {
    }

    private record Triple(int a, int b, int c) {
    }

    @Test
    void theUnboxedConstructorMatchesTheIntComponents() {
        assertThat(new MemberAccessors.RecordFactory<>(Id.class).generatedIntConstructor()).isInstanceOf(RecordLambdas.CtorI.class);
        assertThat(new MemberAccessors.RecordFactory<>(Point.class).generatedIntConstructor()).isInstanceOf(RecordLambdas.CtorII.class);
        assertThat(new MemberAccessors.RecordFactory<>(Checked.class).generatedIntConstructor()).isInstanceOf(RecordLambdas.CtorIO.class);
        assertThat(new MemberAccessors.RecordFactory<>(Named.class).generatedIntConstructor()).isInstanceOf(RecordLambdas.CtorOI.class);
        assertThat(new MemberAccessors.RecordFactory<>(NoInt.class).generatedIntConstructor()).isNull();
        assertThat(new MemberAccessors.RecordFactory<>(Triple.class).generatedIntConstructor()).isNull();
    }

    @Test
    void recordsWithIntComponentsRoundTrip() throws Exception {
        assertRoundTrip(new RecordSerializer<>(Id.class, new TypeSerializer<?>[] {intSerializer()}), new Id(-5), new Id(1 << 20));
        assertRoundTrip(new RecordSerializer<>(Point.class, new TypeSerializer<?>[] {intSerializer(), intSerializer()}), new Point(1, -2),
                new Point(Integer.MAX_VALUE, Integer.MIN_VALUE));
        assertRoundTrip(new RecordSerializer<>(Checked.class, new TypeSerializer<?>[] {intSerializer(), stringSerializer()}),
                new Checked(300, "a"), new Checked(0, null));
        assertRoundTrip(new RecordSerializer<>(Named.class, new TypeSerializer<?>[] {stringSerializer(), intSerializer()}),
                new Named("b", 1000), new Named(null, -1));
        assertRoundTrip(new RecordSerializer<>(Triple.class, new TypeSerializer<?>[] {intSerializer(), intSerializer(), intSerializer()}),
                new Triple(1, 2, 3), new Triple(-1, -2, -3));
    }

    @Test
    void theCanonicalConstructorStillValidatesUnboxedComponents() throws Exception {
        RecordSerializer<Checked> serializer = new RecordSerializer<>(Checked.class, new TypeSerializer<?>[] {intSerializer(), stringSerializer()});
        DataOutputSerializer out = new DataOutputSerializer(16);
        out.writeInt(-1);
        out.writeByte(0);

        assertThatThrownBy(() -> serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("id: -1");
    }

    @SafeVarargs
    private static <T> void assertRoundTrip(RecordSerializer<T> serializer, T... records) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (T record : records) {
            serializer.serialize(record, out);
        }
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        for (T record : records) {
            assertThat(serializer.deserialize(in)).isEqualTo(record);
        }
        assertThat(in.available()).isZero();
    }

    private static TypeSerializer<?> intSerializer() {
        return Types.INT.createSerializer(CONFIG);
    }

    private static TypeSerializer<?> stringSerializer() {
        return Types.STRING.createSerializer(CONFIG);
    }
}
