package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * A context of a process window function of one input type that forwards to the context of another
 * (an adapter's, whose input type differs). One object per adapter; task thread only.
 */
final class ProcessContextBridge<IN, OUT, K, W extends Window> {

    private ProcessWindowFunction<?, ?, ?, W>.Context current;
    private final ProcessWindowFunction<IN, OUT, K, W>.Context context;

    ProcessContextBridge(ProcessWindowFunction<IN, OUT, K, W> target) {
        this.context = target.new Context() {
            @Override
            public W window() {
                return current.window();
            }

            @Override
            public long currentProcessingTime() {
                return current.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return current.currentWatermark();
            }

            @Override
            public KeyedStateStore windowState() {
                return current.windowState();
            }

            @Override
            public KeyedStateStore globalState() {
                return current.globalState();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                current.output(outputTag, value);
            }
        };
    }

    ProcessWindowFunction<IN, OUT, K, W>.Context with(ProcessWindowFunction<?, ?, ?, W>.Context source) {
        this.current = source;
        return context;
    }
}
