package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collections;
import java.util.Objects;

/**
 * Reduces all elements of a window, then runs a process window function on the result: a window
 * {@code reduce} with an evictor, where the elements must be kept.
 */
public final class ReduceApplyWindowFunction<T, OUT, K, W extends Window>
        extends WrappingProcessWindowFunction<T, OUT, K, W, ProcessWindowFunction<T, OUT, K, W>> {

    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reducer;

    public ReduceApplyWindowFunction(ReduceFunction<T> reducer, ProcessWindowFunction<T, OUT, K, W> function) {
        super(function);
        this.reducer = Objects.requireNonNull(reducer, "reducer");
    }

    @Override
    public void process(K key, Context context, Iterable<T> elements, Collector<OUT> out) throws Exception {
        T result = null;
        for (T element : elements) {
            result = result == null ? element : reducer.reduce(result, element);
        }
        if (result != null) {
            wrapped.process(key, context, Collections.singletonList(result), out);
        }
    }

    @Override
    public void clear(Context context) throws Exception {
        wrapped.clear(context);
    }
}
