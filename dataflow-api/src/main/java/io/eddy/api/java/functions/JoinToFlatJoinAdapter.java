package io.eddy.api.java.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.RichFunction;
import io.eddy.api.common.functions.RuntimeContext;
import java.util.Objects;

/**
 * Runs a program's {@link JoinFunction} as the {@link FlatJoinFunction} the plan's join carries:
 * one output per pair. Life-cycle calls reach the wrapped function if it is a {@link RichFunction}.
 */
public final class JoinToFlatJoinAdapter<IN1, IN2, OUT> implements FlatJoinFunction<IN1, IN2, OUT>, RichFunction {

    private static final long serialVersionUID = 1L;

    private final JoinFunction<IN1, IN2, OUT> wrapped;

    public JoinToFlatJoinAdapter(JoinFunction<IN1, IN2, OUT> wrapped) {
        this.wrapped = Objects.requireNonNull(wrapped, "wrapped");
    }

    /** The program's join function. */
    public JoinFunction<IN1, IN2, OUT> getWrappedFunction() {
        return wrapped;
    }

    @Override
    public void join(IN1 first, IN2 second, Collector<OUT> out) throws Exception {
        out.collect(wrapped.join(first, second));
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

    @Override
    public RuntimeContext getRuntimeContext() {
        if (wrapped instanceof RichFunction rich) {
            return rich.getRuntimeContext();
        }
        throw new IllegalStateException("Bug: the runtime context of the plain join function " + wrapped.getClass().getName()
                + " was requested; only rich functions have one");
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        if (wrapped instanceof RichFunction rich) {
            rich.setRuntimeContext(context);
        }
    }
}
