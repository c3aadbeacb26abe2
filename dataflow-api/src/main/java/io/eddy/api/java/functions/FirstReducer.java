package io.eddy.api.java.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;

/**
 * The function of {@code first(n)}: the first {@code n} records of a group (in the group order, if
 * any). Also a combiner, so each partition ships at most {@code n} records per group.
 */
public final class FirstReducer<T> implements GroupReduceFunction<T, T>, GroupCombineFunction<T, T> {

    private static final long serialVersionUID = 1L;

    private final int count;

    /** @throws IllegalArgumentException if {@code count} is below 1 */
    public FirstReducer(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("first: " + count + " (expected: at least 1 record)");
        }
        this.count = count;
    }

    public int getCount() {
        return count;
    }

    @Override
    public void reduce(Iterable<T> values, Collector<T> out) {
        int emitted = 0;
        for (T value : values) {
            if (emitted++ == count) {
                return;
            }
            out.collect(value);
        }
    }

    @Override
    public void combine(Iterable<T> values, Collector<T> out) {
        reduce(values, out);
    }
}
