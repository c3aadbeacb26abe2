package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/** A {@link ProcessAllWindowFunction} as a process window function of the constant key of {@code windowAll}. */
public final class ProcessAllWindowFunctionAdapter<IN, OUT, K, W extends Window>
        extends WrappingProcessWindowFunction<IN, OUT, K, W, ProcessAllWindowFunction<IN, OUT, W>> {

    private static final long serialVersionUID = 1L;

    // Points at the context of the current call; task thread only.
    private transient Context current;
    private transient ProcessAllWindowFunction<IN, OUT, W>.Context allContext;

    public ProcessAllWindowFunctionAdapter(ProcessAllWindowFunction<IN, OUT, W> function) {
        super(function);
    }

    @Override
    public void process(K key, Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception {
        wrapped.process(allContext(context), elements, out);
    }

    @Override
    public void clear(Context context) throws Exception {
        wrapped.clear(allContext(context));
    }

    private ProcessAllWindowFunction<IN, OUT, W>.Context allContext(Context context) {
        current = context;
        if (allContext == null) {
            allContext = wrapped.new Context() {
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
        return allContext;
    }
}
