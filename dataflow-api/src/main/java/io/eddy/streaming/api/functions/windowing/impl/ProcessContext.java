package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction.InternalWindowContext;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * The {@link ProcessWindowFunction.Context} of one function instance, pointed at the current
 * window and operator context before each call: one object per function, none per evaluation.
 * Task thread only.
 */
final class ProcessContext<IN, OUT, K, W extends Window> {

    private W window;
    private InternalWindowContext internal;
    private final ProcessWindowFunction<IN, OUT, K, W>.Context context;

    ProcessContext(ProcessWindowFunction<IN, OUT, K, W> function) {
        this.context = function.new Context() {
            @Override
            public W window() {
                return window;
            }

            @Override
            public long currentProcessingTime() {
                return internal.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return internal.currentWatermark();
            }

            @Override
            public KeyedStateStore windowState() {
                return internal.windowState();
            }

            @Override
            public KeyedStateStore globalState() {
                return internal.globalState();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                internal.output(outputTag, value);
            }
        };
    }

    ProcessWindowFunction<IN, OUT, K, W>.Context with(W window, InternalWindowContext internal) {
        this.window = window;
        this.internal = internal;
        return context;
    }
}
