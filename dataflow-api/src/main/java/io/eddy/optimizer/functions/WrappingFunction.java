package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.RichFunction;
import io.eddy.api.common.functions.RuntimeContext;
import java.util.Iterator;

/**
 * Base of the functions the optimizer wraps around a program's function (for keys given by a
 * selector, see {@code docs/optimizer.md}): forwards {@code open}, {@code close} and the runtime
 * context to the wrapped function when it is rich.
 */
public abstract class WrappingFunction<F extends Function> implements RichFunction {

    private static final long serialVersionUID = 1L;

    protected final F wrapped;

    protected WrappingFunction(F wrapped) {
        this.wrapped = java.util.Objects.requireNonNull(wrapped, "wrapped");
    }

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

    /** The values ({@code f1}) of keyed pairs, as a lazy view. */
    protected static <K, T> Iterable<T> values(Iterable<io.eddy.api.java.tuple.Tuple2<K, T>> pairs) {
        return () -> new Iterator<T>() {
            private final Iterator<io.eddy.api.java.tuple.Tuple2<K, T>> it = pairs.iterator();

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public T next() {
                return it.next().f1;
            }
        };
    }
}
