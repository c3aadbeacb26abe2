package io.eddy.runtime.operators.sort;

/**
 * In-place, unstable sort of an {@link IndexedSortable}: quicksort with a median-of-three pivot,
 * insertion sort for ranges of at most {@value #INSERTION_THRESHOLD} entries, and heap sort for a
 * range once the recursion is deeper than twice the logarithm of the input size (so inputs that
 * defeat the pivot choice still sort in {@code O(n log n)}).
 *
 * <p>Stateless; safe to use from any thread on a sortable that thread owns.
 */
public final class QuickSort {

    static final int INSERTION_THRESHOLD = 16;

    private QuickSort() {}

    /** Sorts all entries of {@code s}. */
    public static void sort(IndexedSortable s) {
        sort(s, 0, s.size());
    }

    /** Sorts the entries {@code [from, to)} of {@code s}. */
    public static void sort(IndexedSortable s, int from, int to) {
        if (from < 0 || to > s.size() || from > to) {
            throw new IllegalArgumentException("QuickSort: range [" + from + ", " + to + ") (expected: within [0, " + s.size() + "])");
        }
        int depthLimit = 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from)));
        sortRange(s, from, to, depthLimit);
    }

    /** Sorts {@code [from, to)}, recursing into the smaller part and looping over the larger one. */
    private static void sortRange(IndexedSortable s, int from, int to, int depthLimit) {
        while (to - from > INSERTION_THRESHOLD) {
            if (depthLimit-- == 0) {
                heapSort(s, from, to);
                return;
            }
            int p = partition(s, from, to);
            if (p - from < to - p - 1) {
                sortRange(s, from, p, depthLimit);
                from = p + 1;
            } else {
                sortRange(s, p + 1, to, depthLimit);
                to = p;
            }
        }
        insertionSort(s, from, to);
    }

    /**
     * Moves the median of first, middle and last entry to {@code from}, partitions the rest around
     * it (Hoare style, so runs of equal keys split evenly) and returns the pivot's final index.
     */
    private static int partition(IndexedSortable s, int from, int to) {
        int last = to - 1;
        int mid = from + ((to - from) >>> 1);
        if (s.compare(mid, from) < 0) {
            s.swap(mid, from);
        }
        if (s.compare(last, mid) < 0) {
            s.swap(last, mid);
            if (s.compare(mid, from) < 0) {
                s.swap(mid, from);
            }
        }
        // from <= mid <= last now; the median goes to 'from' as the pivot.
        s.swap(from, mid);
        int i = from;
        int j = to;
        while (true) {
            do {
                i++;
            } while (i < last && s.compare(i, from) < 0);
            do {
                j--;
            } while (s.compare(j, from) > 0);
            if (i >= j) {
                break;
            }
            s.swap(i, j);
        }
        s.swap(from, j);
        return j;
    }

    static void insertionSort(IndexedSortable s, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && s.compare(j - 1, j) > 0; j--) {
                s.swap(j, j - 1);
            }
        }
    }

    static void heapSort(IndexedSortable s, int from, int to) {
        int n = to - from;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(s, from, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            s.swap(from, from + end);
            siftDown(s, from, 0, end);
        }
    }

    /** Restores the max-heap property below heap position {@code i} of a heap of {@code n} entries starting at {@code base}. */
    private static void siftDown(IndexedSortable s, int base, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && s.compare(base + child, base + child + 1) < 0) {
                child++;
            }
            if (s.compare(base + i, base + child) >= 0) {
                return;
            }
            s.swap(base + i, base + child);
            i = child;
        }
    }
}
