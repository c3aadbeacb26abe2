package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.WrappingFunction;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collections;

/** Runs a {@link ProcessWindowFunction} on windows whose contents are one reduced or aggregated value. */
public final class InternalSingleValueWindowFunction<IN, OUT, K, W extends Window> extends WrappingFunction<ProcessWindowFunction<IN, OUT, K, W>>
        implements InternalWindowFunction<IN, OUT, K, W> {

    private static final long serialVersionUID = 1L;

    private transient ProcessContext<IN, OUT, K, W> context;

    public InternalSingleValueWindowFunction(ProcessWindowFunction<IN, OUT, K, W> function) {
        super(function);
    }

    @Override
    public void process(K key, W window, InternalWindowContext ctx, IN input, Collector<OUT> out) throws Exception {
        wrapped.process(key, context().with(window, ctx), Collections.singletonList(input), out);
    }

    @Override
    public void clear(K key, W window, InternalWindowContext ctx) throws Exception {
        wrapped.clear(context().with(window, ctx));
    }

    private ProcessContext<IN, OUT, K, W> context() {
        if (context == null) {
            context = new ProcessContext<>(wrapped);
        }
        return context;
    }
}
