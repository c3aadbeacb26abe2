package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Objects;

/** A {@link ProcessWindowFunction} that adapts another function and forwards its life cycle to it when that one is rich. */
abstract class WrappingProcessWindowFunction<IN, OUT, K, W extends Window, F extends Function> extends ProcessWindowFunction<IN, OUT, K, W> {

    private static final long serialVersionUID = 1L;

    protected final F wrapped;

    WrappingProcessWindowFunction(F wrapped) {
        this.wrapped = Objects.requireNonNull(wrapped, "wrapped function");
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        super.setRuntimeContext(context);
        if (wrapped instanceof RichFunction rich) {
            rich.setRuntimeContext(context);
        }
    }

    @Override
    public void open() throws Exception {
        if (wrapped instanceof RichFunction rich) {
            rich.open();
        }
    }

    @Override
    public void close() throws Exception {
        if (wrapped instanceof RichFunction rich) {
            rich.close();
        }
    }
}
