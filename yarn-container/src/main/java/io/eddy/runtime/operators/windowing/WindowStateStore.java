package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.state.AggregatingState;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * Keyed state of the current key scoped to one window (the window is the state's namespace): what
 * triggers and process window functions see as window state. {@link #setWindow} before use; each
 * get scopes the (shared) state object to that window, so use a state only until the next get.
 * Task thread only.
 */
final class WindowStateStore<W extends Window> implements KeyedStateStore {

    private final HeapKeyedStateBackend backend;
    private final TypeSerializer<W> windowSerializer;
    private W window;

    WindowStateStore(HeapKeyedStateBackend backend, TypeSerializer<W> windowSerializer) {
        this.backend = backend;
        this.windowSerializer = windowSerializer;
    }

    void setWindow(W window) {
        this.window = window;
    }

    W window() {
        return window;
    }

    private W requireWindow() {
        if (window == null) {
            throw new IllegalStateException("Window state was used outside the processing of a window (no window is current)");
        }
        return window;
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        return backend.getPartitionedState(requireWindow(), windowSerializer, descriptor);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return backend.getPartitionedState(requireWindow(), windowSerializer, descriptor);
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        return backend.getPartitionedState(requireWindow(), windowSerializer, descriptor);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
        return backend.getPartitionedState(requireWindow(), windowSerializer, descriptor);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        return backend.getPartitionedState(requireWindow(), windowSerializer, descriptor);
    }
}
