package io.eddy.runtime.operators.sort;

import java.util.Arrays;

/**
 * In-place, unstable most-significant-byte radix sort (American flag sort) of a {@link
 * RadixSortable}: per range and key byte, one pass counts the entries of each byte value and a
 * second moves each entry into its bucket by swaps, then each bucket is sorted by the next byte.
 * A byte that all entries of a range share costs the counting pass only (small ids in long keys
 * share their high bytes). Ranges of at most {@value #SMALL_RANGE} entries, and ranges still tied
 * after the last key byte whose key bytes are not the whole sort key, go to {@link QuickSort},
 * which compares the entries fully.
 *
 * <p>Each entry moves once per byte that splits its range, and the moves of a pass walk 256
 * buckets front to back, so the memory traffic is a few sequential streams rather than the random
 * probes of a comparison sort's late levels.
 *
 * <p>Stateless between calls; a call owns its counting arrays.
 */
final class RadixSort {

    static final int SMALL_RANGE = 64;

    private final RadixSortable s;
    private final int keyBytes;
    /** Per depth: the count of each byte value, then the next free position of each bucket. */
    private final int[][] next;
    /** Per depth: where each bucket ends. */
    private final int[][] ends;

    private RadixSort(RadixSortable s) {
        this.s = s;
        this.keyBytes = s.keyBytes();
        this.next = new int[keyBytes][256];
        this.ends = new int[keyBytes][256];
    }

    /** Sorts all entries of {@code s}. */
    static void sort(RadixSortable s) {
        if (s.size() <= SMALL_RANGE || s.keyBytes() == 0) {
            QuickSort.sort(s);
            return;
        }
        new RadixSort(s).sortRange(0, s.size(), 0);
    }

    private void sortRange(int from, int to, int depth) {
        while (true) {
            if (to - from <= SMALL_RANGE) {
                if (to - from > 1) {
                    QuickSort.sort(s, from, to);
                }
                return;
            }
            if (depth == keyBytes) {
                if (!s.keyIsWholeAt(from)) {
                    QuickSort.sort(s, from, to);
                }
                return;
            }
            int[] count = next[depth];
            Arrays.fill(count, 0);
            s.countKeyBytes(from, to, depth, count);
            if (count[s.keyByte(from, depth)] == to - from) {
                depth++; // every entry shares this byte
                continue;
            }
            distribute(from, depth);
            int[] end = ends[depth];
            int start = from;
            for (int b = 0; b < 256; b++) {
                if (end[b] - start > 1) {
                    sortRange(start, end[b], depth + 1);
                }
                start = end[b];
            }
            return;
        }
    }

    /** Moves the entries of {@code [from, from + sum of counts)} into their buckets of byte {@code depth}; {@code ends[depth]} holds the bucket ends after. */
    private void distribute(int from, int depth) {
        int[] nextFree = next[depth];
        int[] end = ends[depth];
        int position = from;
        for (int b = 0; b < 256; b++) {
            int c = nextFree[b];
            nextFree[b] = position;
            position += c;
            end[b] = position;
        }
        for (int b = 0; b < 256; b++) {
            int bucketEnd = end[b];
            int i = nextFree[b];
            while (i < bucketEnd) {
                int v = s.keyByte(i, depth);
                if (v == b) {
                    i++;
                } else {
                    // The entry at i belongs to bucket v: it goes to v's next free place, whose entry comes to i.
                    s.swap(i, nextFree[v]++);
                }
            }
            nextFree[b] = i;
        }
    }
}
