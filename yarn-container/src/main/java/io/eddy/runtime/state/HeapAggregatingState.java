package io.eddy.runtime.state;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.state.AggregatingState;
import java.util.Collection;

/** {@link AggregatingState} on the heap: the accumulator per key (and namespace). Task thread only. */
final class HeapAggregatingState<N, IN, ACC, OUT> extends AbstractHeapState<N, ACC> implements AggregatingState<IN, OUT>,
        InternalMergingState<N> {

    private final AggregateFunction<IN, ACC, OUT> function;

    HeapAggregatingState(HeapKeyedStateBackend backend, RegisteredKeyedState meta, AggregateFunction<IN, ACC, OUT> function) {
        super(backend, meta);
        this.function = function;
    }

    @Override
    public OUT get() {
        ACC accumulator = read();
        return accumulator == null ? null : function.getResult(accumulator);
    }

    @Override
    public void add(IN value) {
        ACC accumulator = readForUpdate();
        write(function.add(value, accumulator == null ? function.createAccumulator() : accumulator));
    }

    @Override
    public void mergeNamespaces(N target, Collection<N> sources) throws Exception {
        mergeNamespacesInto(target, sources);
    }

    @Override
    ACC mergeValues(ACC a, ACC b) {
        return function.merge(a, b);
    }
}
