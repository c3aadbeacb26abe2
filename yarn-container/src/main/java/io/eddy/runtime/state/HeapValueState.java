package io.eddy.runtime.state;

import io.eddy.api.common.state.ValueState;

/** {@link ValueState} on the heap: the value object itself, per key. Task thread only. */
final class HeapValueState<T> implements ValueState<T> {

    private final HeapKeyedStateBackend backend;
    private final StateTable<T> table;

    HeapValueState(HeapKeyedStateBackend backend, StateTable<T> table) {
        this.backend = backend;
        this.table = table;
    }

    @Override
    public T value() {
        return table.get(backend.currentKeyGroupIndex(), backend.getCurrentKey());
    }

    @Override
    public void update(T value) {
        if (value == null) {
            clear();
        } else {
            table.put(backend.currentKeyGroupIndex(), backend.getCurrentKey(), value);
        }
    }

    @Override
    public void clear() {
        table.remove(backend.currentKeyGroupIndex(), backend.getCurrentKey());
    }
}
