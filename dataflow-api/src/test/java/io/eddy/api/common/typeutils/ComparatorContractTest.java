package io.eddy.api.common.typeutils;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract every {@link TypeComparator} must keep; each comparator's test extends this class
 * (it is in the test jar). Subclasses supply the comparator, the serializer and test values in
 * strictly ascending order. Every test runs ascending and descending.
 */
public abstract class ComparatorContractTest<T> {

    protected abstract TypeComparator<T> createComparator(boolean ascending);

    protected abstract TypeSerializer<T> createSerializer();

    /** Values in strictly ascending order (no two equal). */
    protected abstract T[] getSortedTestData();

    private static int sign(int x) {
        return Integer.signum(x);
    }

    private int expected(int i, int j, boolean ascending) {
        int cmp = Integer.compare(i, j);
        return ascending ? cmp : -cmp;
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void compareMatchesTheReferenceOrder(boolean ascending) {
        TypeComparator<T> comparator = createComparator(ascending);
        T[] data = getSortedTestData();
        for (int i = 0; i < data.length; i++) {
            for (int j = 0; j < data.length; j++) {
                assertThat(sign(comparator.compare(data[i], data[j])))
                        .as("compare(%s, %s)", data[i], data[j]).isEqualTo(expected(i, j, ascending));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void equalToReferenceAndCompareToReference(boolean ascending) throws IOException {
        TypeComparator<T> first = createComparator(ascending);
        TypeComparator<T> second = first.duplicate();
        TypeSerializer<T> serializer = createSerializer();
        T[] data = getSortedTestData();
        for (int i = 0; i < data.length; i++) {
            first.setReference(data[i]);
            for (int j = 0; j < data.length; j++) {
                assertThat(first.equalToReference(roundTrip(serializer, data[j]))).as("equalToReference %s vs %s", data[i], data[j])
                        .isEqualTo(i == j);
                second.setReference(data[j]);
                assertThat(sign(first.compareToReference(second))).as("compareToReference %s vs %s", data[i], data[j])
                        .isEqualTo(expected(j, i, ascending));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void compareSerializedAgreesWithCompare(boolean ascending) throws IOException {
        TypeComparator<T> comparator = createComparator(ascending);
        TypeSerializer<T> serializer = createSerializer();
        T[] data = getSortedTestData();
        byte[][] bytes = new byte[data.length][];
        for (int i = 0; i < data.length; i++) {
            DataOutputSerializer out = new DataOutputSerializer(16);
            serializer.serialize(data[i], out);
            bytes[i] = out.getCopyOfBuffer();
        }
        for (int i = 0; i < data.length; i++) {
            for (int j = 0; j < data.length; j++) {
                int cmp = comparator.compareSerialized(new DataInputDeserializer(bytes[i]), new DataInputDeserializer(bytes[j]));
                assertThat(sign(cmp)).as("compareSerialized(%s, %s)", data[i], data[j]).isEqualTo(expected(i, j, ascending));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void normalizedKeysAgreeWithCompare(boolean ascending) {
        TypeComparator<T> comparator = createComparator(ascending);
        if (!comparator.supportsNormalizedKey()) {
            return;
        }
        T[] data = getSortedTestData();
        for (int len : new int[] {1, 3, 9, Math.min(comparator.getNormalizeKeyLen(), 32)}) {
            MemorySegment[] keys = new MemorySegment[data.length];
            for (int i = 0; i < data.length; i++) {
                keys[i] = MemorySegment.allocateHeap(len, null);
                comparator.putNormalizedKey(data[i], keys[i], 0, len);
            }
            for (int i = 0; i < data.length; i++) {
                for (int j = 0; j < data.length; j++) {
                    int keyCmp = sign(keys[i].compare(keys[j], 0, 0, len));
                    if (comparator.invertNormalizedKey()) {
                        keyCmp = -keyCmp;
                    }
                    int cmp = sign(comparator.compare(data[i], data[j]));
                    if (keyCmp != 0) {
                        assertThat(keyCmp).as("normalized key (%d bytes) order of %s and %s", len, data[i], data[j]).isEqualTo(cmp);
                    } else if (!comparator.isNormalizedKeyPrefixOnly(len)) {
                        assertThat(cmp).as("equal full normalized keys (%d bytes) of %s and %s", len, data[i], data[j]).isZero();
                    } else if (comparator.isNormalizedKeyWhole(keys[i], 0, len)) {
                        assertThat(cmp).as("equal normalized keys (%d bytes) of %s and %s, said whole", len, data[i], data[j]).isZero();
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void hashIsConsistentWithEquality(boolean ascending) throws IOException {
        TypeComparator<T> comparator = createComparator(ascending);
        TypeSerializer<T> serializer = createSerializer();
        for (T value : getSortedTestData()) {
            T copy = roundTrip(serializer, value);
            assertThat(comparator.compare(value, copy)).isZero();
            assertThat(comparator.hash(copy)).as("hash of %s", value).isEqualTo(comparator.hash(value));
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void extractKeysMatchesFlatComparators(boolean ascending) {
        TypeComparator<T> comparator = createComparator(ascending);
        @SuppressWarnings("rawtypes")
        TypeComparator[] flat = comparator.getFlatComparators();
        Object[] keys = new Object[flat.length];
        assertThat(comparator.extractKeys(getSortedTestData()[0], keys, 0)).isEqualTo(flat.length);
        for (Object key : keys) {
            assertThat(key).isNotNull();
        }
    }

    private static <X> X roundTrip(TypeSerializer<X> serializer, X value) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(value, out);
        return serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
    }
}
