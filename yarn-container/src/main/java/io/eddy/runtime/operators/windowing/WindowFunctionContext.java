package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.timers.InternalTimerService;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction.InternalWindowContext;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * What the window function sees of the operator while one window is evaluated or cleared (one
 * object per operator, pointed at the window first): time, the window's state, the key's state,
 * side outputs (emitted with the window's {@code maxTimestamp()}). Task thread only.
 */
final class WindowFunctionContext<W extends Window> implements InternalWindowContext {

    private final HeapKeyedStateBackend backend;
    private final InternalTimerService<W> timers;
    private final WindowStateStore<W> windowState;
    private final Output<?> output;
    private final StreamRecord<Object> sideRecord = new StreamRecord<>(null);

    WindowFunctionContext(HeapKeyedStateBackend backend, TypeSerializer<W> windowSerializer, InternalTimerService<W> timers, Output<?> output) {
        this.backend = backend;
        this.timers = timers;
        this.windowState = new WindowStateStore<>(backend, windowSerializer);
        this.output = output;
    }

    WindowFunctionContext<W> window(W window) {
        windowState.setWindow(window);
        return this;
    }

    @Override
    public long currentProcessingTime() {
        return timers.currentProcessingTime();
    }

    @Override
    public long currentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public KeyedStateStore windowState() {
        return windowState;
    }

    @Override
    public KeyedStateStore globalState() {
        return backend;
    }

    @Override
    public <X> void output(OutputTag<X> outputTag, X value) {
        if (outputTag == null) {
            throw new NullPointerException("side output tag must not be null");
        }
        output.collect(outputTag, sideRecord.replace(value, windowState.window().maxTimestamp()));
    }
}
