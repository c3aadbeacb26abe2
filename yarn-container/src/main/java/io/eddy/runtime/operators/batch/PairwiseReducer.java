package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Iterator;
import java.util.function.Consumer;

/**
 * Applies a {@link ReduceFunction} pairwise: over a group of fresh records (from a sorter), or as a
 * running value over records that arrive one by one, grouped by key ({@code NONE} strategy) or all
 * in one group (no keys).
 *
 * <p>Object reuse: records handed to the driver are read-only for it (see {@code tasks.md}), but
 * reduce functions commonly modify and return their first argument. So the running value is always
 * an object of the driver's own: the first record of a group is copied, and so is a result that is
 * the received record itself. Records from a sorter are fresh objects and are not copied.
 *
 * <p>Thread ownership: the task thread.
 */
final class PairwiseReducer<T> {

    private final ReduceFunction<T> function;
    private final TypeSerializer<T> serializer;
    /** Compares a record with the running value's key; null for a reduce over the whole input. */
    private final TypeComparator<T> keyComparator;
    /** The running value of the current key, or null before the first record. */
    private T running;

    /** @param keyComparator the grouping key for {@link #add}, or null if all records form one group */
    PairwiseReducer(ReduceFunction<T> function, TypeSerializer<T> serializer, TypeComparator<T> keyComparator) {
        this.function = function;
        this.serializer = serializer;
        this.keyComparator = keyComparator;
    }

    /** Reduces a non-empty group of fresh records to one record. */
    T reduceGroup(Iterator<T> group) throws Exception {
        T result = group.next();
        while (group.hasNext()) {
            result = function.reduce(result, group.next());
        }
        return result;
    }

    /**
     * Adds a received record to the running value; when its key differs from the running value's,
     * first hands the finished running value to {@code out}.
     */
    void add(T record, Consumer<T> out) throws Exception {
        if (running == null) {
            start(record);
        } else if (keyComparator != null && !keyComparator.equalToReference(record)) {
            out.accept(running);
            start(record);
        } else {
            T result = function.reduce(running, record);
            running = result == record ? serializer.copy(record) : result;
        }
    }

    private void start(T record) {
        running = serializer.copy(record);
        if (keyComparator != null) {
            keyComparator.setReference(running);
        }
    }

    /** Hands the last running value, if any, to {@code out} and forgets it. */
    void flush(Consumer<T> out) {
        if (running != null) {
            T last = running;
            running = null;
            out.accept(last);
        }
    }
}
