package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import java.util.Objects;

/**
 * Base of a function that runs another one (an adapter or a wrapper the API or the optimizer puts
 * around a program's function): forwards {@code open}, {@code close} and the runtime context to
 * the wrapped function when it is a {@link RichFunction}.
 */
public abstract class WrappingFunction<F extends Function> implements RichFunction {

    private static final long serialVersionUID = 1L;

    protected final F wrapped;

    protected WrappingFunction(F wrapped) {
        this.wrapped = Objects.requireNonNull(wrapped, "wrapped");
    }

    /** The program's function. */
    public F getWrappedFunction() {
        return wrapped;
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
        throw new IllegalStateException("Bug: the runtime context of the plain function " + wrapped.getClass().getName()
                + " was requested; only rich functions have one");
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        if (wrapped instanceof RichFunction rich) {
            rich.setRuntimeContext(context);
        }
    }
}
