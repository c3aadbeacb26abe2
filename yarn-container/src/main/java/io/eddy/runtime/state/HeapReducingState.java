package io.eddy.runtime.state;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.state.ReducingState;
import java.util.Collection;

/** {@link ReducingState} on the heap: the reduced value per key (and namespace). Task thread only. */
final class HeapReducingState<N, T> extends AbstractHeapState<N, T> implements ReducingState<T>, InternalMergingState<N> {

    private final ReduceFunction<T> reduceFunction;

    HeapReducingState(HeapKeyedStateBackend backend, RegisteredKeyedState meta, ReduceFunction<T> reduceFunction) {
        super(backend, meta);
        this.reduceFunction = reduceFunction;
    }

    @Override
    public T get() {
        return read();
    }

    @Override
    public void add(T value) throws Exception {
        if (value == null) {
            throw new NullPointerException("ReducingState '" + name + "' does not accept null values (key " + backend.getCurrentKey() + ")");
        }
        T current = readForUpdate();
        write(current == null ? value : reduceFunction.reduce(current, value));
    }

    @Override
    public void mergeNamespaces(N target, Collection<N> sources) throws Exception {
        mergeNamespacesInto(target, sources);
    }

    @Override
    T mergeValues(T a, T b) throws Exception {
        return reduceFunction.reduce(a, b);
    }
}
