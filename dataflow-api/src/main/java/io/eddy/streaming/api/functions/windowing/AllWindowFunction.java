package io.eddy.streaming.api.functions.windowing;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.Function;
import io.eddy.streaming.api.windowing.windows.Window;

/** Evaluates a window of a non-keyed stream ({@code windowAll}); see {@link WindowFunction}. */
@FunctionalInterface
public interface AllWindowFunction<IN, OUT, W extends Window> extends Function {

    void apply(W window, Iterable<IN> values, Collector<OUT> out) throws Exception;
}
