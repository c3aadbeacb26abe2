package io.eddy.runtime.operators.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class QuickSortTest {

    /** An int array as a sortable that counts comparisons. */
    private static final class IntSortable implements IndexedSortable {
        final int[] values;
        long comparisons;

        IntSortable(int[] values) {
            this.values = values;
        }

        @Override
        public int compare(int i, int j) {
            comparisons++;
            return Integer.compare(values[i], values[j]);
        }

        @Override
        public void swap(int i, int j) {
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }

        @Override
        public int size() {
            return values.length;
        }
    }

    private static void assertSorts(int[] input) {
        int[] expected = input.clone();
        Arrays.sort(expected);
        IntSortable s = new IntSortable(input.clone());
        QuickSort.sort(s);
        assertThat(s.values).isEqualTo(expected);
    }

    @Test
    void sortsRandomInputsOfManySizes() {
        Random random = new Random(42);
        for (int n : new int[] {0, 1, 2, 3, 15, 16, 17, 100, 1_000, 50_000}) {
            assertSorts(random.ints(n).toArray());
            assertSorts(random.ints(n, 0, 5).toArray());
        }
    }

    @Test
    void sortsPresortedReversedAndConstantInputs() {
        assertSorts(IntStream.range(0, 10_000).toArray());
        assertSorts(IntStream.range(0, 10_000).map(i -> -i).toArray());
        assertSorts(new int[10_000]);
    }

    @Test
    void organPipeInputStaysNearNLogN() {
        int n = 1 << 15;
        int[] pipe = IntStream.range(0, n).map(i -> i < n / 2 ? i : n - i).toArray();
        IntSortable s = new IntSortable(pipe);
        QuickSort.sort(s);
        for (int i = 1; i < n; i++) {
            assertThat(s.values[i - 1]).isLessThanOrEqualTo(s.values[i]);
        }
        assertThat(s.comparisons).isLessThan(8L * n * 15);
    }

    @Test
    void heapSortAloneSortsARange() {
        int[] values = new Random(7).ints(1000, -50, 50).toArray();
        int[] expected = values.clone();
        Arrays.sort(expected, 100, 900);
        IntSortable s = new IntSortable(values);
        QuickSort.heapSort(s, 100, 900);
        assertThat(s.values).isEqualTo(expected);
    }
}
