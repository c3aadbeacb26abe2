package io.eddy.streaming.api.functions.windowing;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * The window function as the window operator calls it: the API wraps every user window function
 * (process, apply, reduce, aggregate, and their all-window and join forms) into one of these. The
 * input is the window's contents as they are kept in state: an {@code Iterable} of the elements for
 * list state, or the single reduced or aggregated value.
 *
 * <p>It is a {@link RichFunction} so that the operator opens and closes the user function through it.
 * Task thread only.
 *
 * @param <IN> the type of the window contents as kept in state
 */
public interface InternalWindowFunction<IN, OUT, K, W extends Window> extends RichFunction {

    void process(K key, W window, InternalWindowContext context, IN input, Collector<OUT> out) throws Exception;

    /** The window is removed: lets the user function delete its per-window state. */
    void clear(K key, W window, InternalWindowContext context) throws Exception;

    /** What the operator gives the function for one evaluation. */
    interface InternalWindowContext {

        long currentProcessingTime();

        long currentWatermark();

        KeyedStateStore windowState();

        KeyedStateStore globalState();

        <X> void output(OutputTag<X> outputTag, X value);
    }
}
