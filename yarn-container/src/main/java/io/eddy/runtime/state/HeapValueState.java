package io.eddy.runtime.state;

import io.eddy.api.common.state.ValueState;

/** {@link ValueState} on the heap: the value object itself, per key (and namespace). Task thread only. */
final class HeapValueState<N, T> extends AbstractHeapState<N, T> implements ValueState<T> {

    HeapValueState(HeapKeyedStateBackend backend, RegisteredKeyedState meta) {
        super(backend, meta);
    }

    @Override
    public T value() {
        return read();
    }

    @Override
    public void update(T value) {
        if (value == null) {
            clear();
        } else {
            write(value);
        }
    }
}
