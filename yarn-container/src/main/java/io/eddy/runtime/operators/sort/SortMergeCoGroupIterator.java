package io.eddy.runtime.operators.sort;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.runtime.operators.util.TypePairComparator;
import io.eddy.runtime.util.KeyGroupedIterator;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;

/**
 * Walks two inputs sorted on matching keys in step and hands out, per key present in either
 * input, the group of left records and the group of right records with that key (one of them
 * empty if the key occurs on one side only): what co-group consumes directly and what sort-merge
 * join crosses ({@link #hasBoth()} groups only).
 *
 * <pre>
 *   while (it.next()) {
 *       coGroup(it.getLeftValues(), it.getRightValues(), out);
 *   }
 * </pre>
 *
 * <p>The groups are streamed from the inputs: a join that crosses them must buffer one side
 * itself. Values are fresh objects (see {@link KeyGroupedIterator}).
 *
 * <p>Not thread-safe: owned by the driver's thread.
 */
public final class SortMergeCoGroupIterator<L, R> {

    private final KeyGroupedIterator<L> leftGroups;
    private final KeyGroupedIterator<R> rightGroups;
    private final TypePairComparator<L, R> pairComparator;
    private boolean started;
    private boolean leftAvailable;
    private boolean rightAvailable;
    /** Whether the current key's group comes from the left / right input. */
    private boolean currentLeft;
    private boolean currentRight;

    /**
     * @param left sorted by {@code leftComparator}
     * @param right sorted by {@code rightComparator}, on a key of the same field types and directions
     * @param leftComparator used by this iterator only (pass a duplicate if shared)
     * @param rightComparator used by this iterator only (pass a duplicate if shared)
     * @throws IllegalArgumentException if the keys differ in number, types or sort directions of fields
     */
    public SortMergeCoGroupIterator(MutableObjectIterator<L> left, MutableObjectIterator<R> right,
            TypeComparator<L> leftComparator, TypeComparator<R> rightComparator) {
        this.pairComparator = TypePairComparator.of(leftComparator, rightComparator);
        checkSameDirections(leftComparator, rightComparator);
        this.leftGroups = new KeyGroupedIterator<>(left, leftComparator);
        this.rightGroups = new KeyGroupedIterator<>(right, rightComparator);
    }

    /** Both inputs must be sorted the same way, or walking them in step misses matches. */
    @SuppressWarnings("rawtypes")
    private static void checkSameDirections(TypeComparator<?> left, TypeComparator<?> right) {
        TypeComparator[] l = left.getFlatComparators();
        TypeComparator[] r = right.getFlatComparators();
        if (!Arrays.equals(l, r)) {
            throw new IllegalArgumentException("Sort-merge inputs are sorted differently: left key fields " + Arrays.toString(l)
                    + ", right key fields " + Arrays.toString(r)
                    + " (expected: the same sort direction per key field on both inputs)");
        }
    }

    /**
     * Moves to the next key (the smallest key not yet handed out of either input).
     *
     * @return false when both inputs are exhausted
     */
    public boolean next() throws IOException {
        if (!started) {
            started = true;
            leftAvailable = leftGroups.nextKey();
            rightAvailable = rightGroups.nextKey();
        } else {
            if (currentLeft) {
                leftAvailable = leftGroups.nextKey();
            }
            if (currentRight) {
                rightAvailable = rightGroups.nextKey();
            }
        }
        if (leftAvailable && rightAvailable) {
            pairComparator.setReference(leftGroups.getCurrent());
            int cmp = pairComparator.compareToReference(rightGroups.getCurrent());
            currentLeft = cmp <= 0;
            currentRight = cmp >= 0;
        } else {
            currentLeft = leftAvailable;
            currentRight = rightAvailable;
        }
        return currentLeft || currentRight;
    }

    /** Whether the current key occurs in both inputs (the pairs a join emits). */
    public boolean hasBoth() {
        return currentLeft && currentRight;
    }

    /** The left records with the current key; empty if the key occurs on the right only. */
    public Iterator<L> getLeftValues() {
        return currentLeft ? leftGroups.getValues() : Collections.emptyIterator();
    }

    /** The right records with the current key; empty if the key occurs on the left only. */
    public Iterator<R> getRightValues() {
        return currentRight ? rightGroups.getValues() : Collections.emptyIterator();
    }
}
