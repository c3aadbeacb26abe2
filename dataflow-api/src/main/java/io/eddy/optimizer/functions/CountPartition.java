package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.MapPartitionFunction;

/** Emits the number of records of its partition: {@code DataSet.count()} sums these on the client. */
public final class CountPartition<T> implements MapPartitionFunction<T, Long> {

    private static final long serialVersionUID = 1L;

    @Override
    public void mapPartition(Iterable<T> values, Collector<Long> out) {
        long n = 0;
        for (T ignored : values) {
            n++;
        }
        out.collect(n);
    }
}
