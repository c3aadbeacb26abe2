package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;

/** Emits the window's contents as they are: the result of a window {@code reduce} or {@code aggregate} without a window function. */
public final class PassThroughWindowFunction<T, K, W extends Window> extends ProcessWindowFunction<T, T, K, W> {

    private static final long serialVersionUID = 1L;

    @Override
    public void process(K key, Context context, Iterable<T> elements, Collector<T> out) {
        for (T element : elements) {
            out.collect(element);
        }
    }
}
