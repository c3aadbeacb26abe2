package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/** A {@link WindowFunction} as a process window function. */
public final class WindowFunctionAdapter<IN, OUT, K, W extends Window> extends WrappingProcessWindowFunction<IN, OUT, K, W, WindowFunction<IN, OUT, K, W>> {

    private static final long serialVersionUID = 1L;

    public WindowFunctionAdapter(WindowFunction<IN, OUT, K, W> function) {
        super(function);
    }

    @Override
    public void process(K key, Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception {
        wrapped.apply(key, context.window(), elements, out);
    }
}
