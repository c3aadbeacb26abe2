package io.eddy.hadoop.job;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import java.util.Iterator;
import org.apache.hadoop.mapreduce.Counter;
import java.util.NoSuchElementException;
import java.util.function.BiPredicate;

/**
 * Walks {@code (key, value)} records sorted by a job's sort comparator as a Hadoop reduce task
 * does: a group is a run of records whose consecutive keys the grouping comparator calls equal; the
 * current key is the key of the record whose value was read last (so a secondary sort sees each
 * value's own key). Used by the task's thread only.
 */
final class SortedGroups<K, V> {

    private final Iterator<Tuple2<K, V>> records;
    /** Whether two consecutive keys are of one group. */
    private final BiPredicate<K, K> sameGroup;
    private Tuple2<K, V> current;
    private Tuple2<K, V> next;
    /** Whether {@link #current} starts a group whose first value was not read yet. */
    private boolean firstPending;
    private boolean groupOpen;
    /** Hadoop's task counters of the groups begun (REDUCE_INPUT_GROUPS, or null) and the values read (REDUCE_ / COMBINE_INPUT_RECORDS). */
    private final Counter groupsCounted;
    private final Counter valuesCounted;

    SortedGroups(Iterator<Tuple2<K, V>> records, TypeComparator<K> grouping, Counter groupsCounted, Counter valuesCounted) {
        this(records, (a, b) -> grouping.compare(a, b) == 0, groupsCounted, valuesCounted);
    }

    /** Groups of records that come group by group, as {@code sameGroup} tells consecutive keys apart. */
    SortedGroups(Iterator<Tuple2<K, V>> records, BiPredicate<K, K> sameGroup, Counter groupsCounted, Counter valuesCounted) {
        this.records = records;
        this.sameGroup = sameGroup;
        this.groupsCounted = groupsCounted;
        this.valuesCounted = valuesCounted;
        this.next = records.hasNext() ? records.next() : null;
    }

    /** Moves to the next group (skipping what is left of this one); false when there is none. */
    boolean nextKey() {
        while (groupOpen && hasNextValue()) {
            nextValue();
        }
        if (next == null) {
            groupOpen = false;
            return false;
        }
        current = next;
        next = records.hasNext() ? records.next() : null;
        firstPending = true;
        groupOpen = true;
        if (groupsCounted != null) {
            groupsCounted.increment(1);
        }
        return true;
    }

    K currentKey() {
        return current == null ? null : current.f0;
    }

    V currentValue() {
        return current == null ? null : current.f1;
    }

    boolean hasNextValue() {
        if (firstPending) {
            return true;
        }
        return groupOpen && next != null && sameGroup.test(current.f0, next.f0);
    }

    V nextValue() {
        if (firstPending) {
            firstPending = false;
            valuesCounted.increment(1);
            return current.f1;
        }
        if (!hasNextValue()) {
            throw new NoSuchElementException("no more values in this group");
        }
        valuesCounted.increment(1);
        current = next;
        next = records.hasNext() ? records.next() : null;
        return current.f1;
    }

    /** The values of the current group, iterated once. */
    Iterator<V> values() {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return hasNextValue();
            }

            @Override
            public V next() {
                return nextValue();
            }
        };
    }
}
