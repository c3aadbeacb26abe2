package io.eddy.runtime.operators.sort;

/**
 * A sequence of entries that an in-place sort algorithm can reorder by index: {@link QuickSort}
 * sees nothing but these three operations.
 */
public interface IndexedSortable {

    /** Negative, zero or positive as the entry at {@code i} orders before, with or after the entry at {@code j}. */
    int compare(int i, int j);

    /** Exchanges the entries at {@code i} and {@code j}. */
    void swap(int i, int j);

    /** The number of entries. */
    int size();
}
