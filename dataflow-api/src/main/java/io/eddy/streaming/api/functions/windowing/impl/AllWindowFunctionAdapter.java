package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.functions.windowing.AllWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/** An {@link AllWindowFunction} as a process window function of the constant key of {@code windowAll}. */
public final class AllWindowFunctionAdapter<IN, OUT, K, W extends Window> extends WrappingProcessWindowFunction<IN, OUT, K, W, AllWindowFunction<IN, OUT, W>> {

    private static final long serialVersionUID = 1L;

    public AllWindowFunctionAdapter(AllWindowFunction<IN, OUT, W> function) {
        super(function);
    }

    @Override
    public void process(K key, Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception {
        wrapped.apply(context.window(), elements, out);
    }
}
