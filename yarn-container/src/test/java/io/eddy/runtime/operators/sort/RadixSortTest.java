package io.eddy.runtime.operators.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RadixSortTest {

    /**
     * Entries of a long key (its top {@code keyBytes} bytes are the radix key, big-endian,
     * unsigned) and a tie-breaker the radix key does not hold unless it is whole.
     */
    private static final class Entries implements RadixSortable {
        final long[] keys;
        final int[] ties;
        final int keyBytes;
        final boolean whole;
        long compares;

        Entries(long[] keys, int[] ties, int keyBytes, boolean whole) {
            this.keys = keys;
            this.ties = ties;
            this.keyBytes = keyBytes;
            this.whole = whole;
        }

        @Override
        public int compare(int i, int j) {
            compares++;
            int c = Long.compareUnsigned(keys[i], keys[j]);
            return c != 0 || whole ? c : Integer.compare(ties[i], ties[j]);
        }

        @Override
        public void swap(int i, int j) {
            long k = keys[i];
            keys[i] = keys[j];
            keys[j] = k;
            int t = ties[i];
            ties[i] = ties[j];
            ties[j] = t;
        }

        @Override
        public int size() {
            return keys.length;
        }

        @Override
        public int keyBytes() {
            return keyBytes;
        }

        @Override
        public int keyByte(int i, int depth) {
            return (int) (keys[i] >>> (56 - 8 * depth)) & 0xff;
        }

        @Override
        public boolean keyIsWhole() {
            return whole;
        }
    }

    private static void assertSorted(Entries e) {
        for (int i = 1; i < e.size(); i++) {
            assertThat(e.compare(i - 1, i)).as("entries %d and %d", i - 1, i).isLessThanOrEqualTo(0);
        }
    }

    @Test
    void sortsWholeKeysWithSharedHighBytesAndDuplicatesLikeASortOfTheKeys() {
        Random random = new Random(1);
        int n = 200_000;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = random.nextInt(1 << 17); // the top five bytes are all zero, many duplicates
        }
        long[] expected = keys.clone();
        Arrays.sort(expected);
        Entries e = new Entries(keys, new int[n], 8, true);
        RadixSort.sort(e);
        assertThat(e.keys).isEqualTo(expected);
    }

    @Test
    void sortsUnsignedKeysOfEveryByteValue() {
        Random random = new Random(2);
        int n = 100_000;
        long[] keys = random.longs(n).toArray();
        keys[7] = -1L;
        keys[8] = 0L;
        Entries e = new Entries(keys, new int[n], 8, true);
        RadixSort.sort(e);
        assertSorted(e);
        assertThat(e.keys[0]).isEqualTo(0L);
        assertThat(e.keys[n - 1]).isEqualTo(-1L);
    }

    @Test
    void aPrefixKeyLeavesItsTiesToTheFullComparisonAndAWholeOneDoesNot() {
        Random random = new Random(3);
        int n = 50_000;
        long[] keys = new long[n];
        int[] ties = new int[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (long) random.nextInt(300) << 48; // two key bytes hold everything but the ties
            ties[i] = random.nextInt();
        }
        Entries prefix = new Entries(keys.clone(), ties.clone(), 2, false);
        RadixSort.sort(prefix);
        assertSorted(prefix);

        Entries whole = new Entries(keys.clone(), ties.clone(), 2, true);
        RadixSort.sort(whole);
        assertSorted(whole);
        assertThat(whole.compares).as("a whole key needs no comparison beyond the small buckets").isLessThan(prefix.compares);
    }

    @Test
    void smallInputsAndAllEqualKeys() {
        for (int n : new int[] {0, 1, 2, RadixSort.SMALL_RANGE, RadixSort.SMALL_RANGE + 1, 5_000}) {
            long[] keys = new long[n];
            Arrays.fill(keys, 42L);
            int[] ties = new Random(n).ints(n).toArray();
            Entries e = new Entries(keys, ties, 8, false);
            RadixSort.sort(e);
            assertSorted(e);
        }
    }
}
