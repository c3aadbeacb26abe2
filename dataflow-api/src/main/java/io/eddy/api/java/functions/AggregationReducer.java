package io.eddy.api.java.functions;

import io.eddy.api.common.functions.ReduceFunction;
import java.util.List;

/**
 * The function of {@code aggregate(SUM, 1).and(MIN, 2)}, {@code sum}, {@code min} and {@code max}:
 * applies one field aggregator after the other. Each aggregator keeps the fields of its first
 * argument other than its own field, so together they change exactly the aggregated fields.
 */
public final class AggregationReducer<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final List<ReduceFunction<T>> aggregators;

    /** @param aggregators one per aggregated field, each keeping the rest of its first argument */
    public AggregationReducer(List<ReduceFunction<T>> aggregators) {
        if (aggregators.isEmpty()) {
            throw new IllegalArgumentException("Bug: an aggregation without aggregated fields");
        }
        this.aggregators = List.copyOf(aggregators);
    }

    @Override
    public T reduce(T value1, T value2) throws Exception {
        T result = value1;
        for (ReduceFunction<T> aggregator : aggregators) {
            result = aggregator.reduce(result, value2);
        }
        return result;
    }
}
