package io.eddy.streaming.api.functions.windowing;

import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.windowing.windows.Window;

/**
 * Evaluates a window of one key with a context: the window, time, per-window and per-key state, and
 * side outputs. Called on the task thread each time the window fires; results carry the window's
 * {@code maxTimestamp()} as their timestamp. {@link #clear} is called when the window is removed,
 * to delete what the function kept in {@link Context#windowState()}.
 */
public abstract class ProcessWindowFunction<IN, OUT, KEY, W extends Window> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    /** Evaluates the window: {@code elements} are its contents (the single pre-aggregated value after reduce/aggregate). */
    public abstract void process(KEY key, Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception;

    /** The window is removed (after its end plus the allowed lateness): delete per-window state. */
    public void clear(Context context) throws Exception {}

    /** The context of one evaluation; valid only during the call it is passed to. */
    public abstract class Context {

        /** The window being evaluated. */
        public abstract W window();

        public abstract long currentProcessingTime();

        /** The operator's current watermark, or {@code Long.MIN_VALUE} before the first. */
        public abstract long currentWatermark();

        /** State of the current key scoped to this window (removed with {@link #clear}). */
        public abstract KeyedStateStore windowState();

        /** State of the current key, shared by all its windows. */
        public abstract KeyedStateStore globalState();

        /** Emits {@code value} to the side output {@code outputTag}. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
