package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link MemberAccessors.RecordFactory}: generated getters and constructor, and the method-handle fallback. */
class RecordFactoryTest {

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
}
