package io.eddy.streaming.api.functions.windowing;

import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.windowing.windows.Window;

/** Evaluates a window of a non-keyed stream ({@code windowAll}) with a context; see {@link ProcessWindowFunction}. */
public abstract class ProcessAllWindowFunction<IN, OUT, W extends Window> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void process(Context context, Iterable<IN> elements, Collector<OUT> out) throws Exception;

    /** The window is removed: delete per-window state. */
    public void clear(Context context) throws Exception {}

    /** The context of one evaluation; valid only during the call it is passed to. */
    public abstract class Context {

        public abstract W window();

        public abstract long currentProcessingTime();

        public abstract long currentWatermark();

        /** State scoped to this window. */
        public abstract KeyedStateStore windowState();

        /** State shared by all windows (of the one parallel instance). */
        public abstract KeyedStateStore globalState();

        public abstract <X> void output(OutputTag<X> outputTag, X value);
    }
}
