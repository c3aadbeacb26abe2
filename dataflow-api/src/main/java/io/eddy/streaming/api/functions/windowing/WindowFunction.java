package io.eddy.streaming.api.functions.windowing;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.Function;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * Evaluates a window of one key: receives the key, the window and its contents (all elements, or
 * the single pre-aggregated value after {@code reduce}/{@code aggregate}) and emits zero or more
 * results. Results carry the window's {@code maxTimestamp()} as their timestamp.
 */
@FunctionalInterface
public interface WindowFunction<IN, OUT, KEY, W extends Window> extends Function {

    void apply(KEY key, W window, Iterable<IN> input, Collector<OUT> out) throws Exception;
}
