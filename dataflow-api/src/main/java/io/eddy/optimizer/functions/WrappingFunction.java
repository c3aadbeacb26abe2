package io.eddy.optimizer.functions;

import io.eddy.api.common.functions.Function;
import java.util.Iterator;

/**
 * Base of the functions the optimizer wraps around a program's function (for keys given by a
 * selector, see {@code docs/optimizer.md}); the life cycle is forwarded by the API's {@link
 * io.eddy.api.common.functions.rich.WrappingFunction}.
 */
public abstract class WrappingFunction<F extends Function> extends io.eddy.api.common.functions.rich.WrappingFunction<F> {

    private static final long serialVersionUID = 1L;

    protected WrappingFunction(F wrapped) {
        super(wrapped);
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
