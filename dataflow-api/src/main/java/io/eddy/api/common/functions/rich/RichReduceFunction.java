package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link ReduceFunction} with a life cycle and a runtime context. */
public abstract class RichReduceFunction<T> extends AbstractRichFunction implements ReduceFunction<T> {
    private static final long serialVersionUID = 1L;
}
