package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link FilterFunction} with a life cycle and a runtime context. */
public abstract class RichFilterFunction<T> extends AbstractRichFunction implements FilterFunction<T> {
    private static final long serialVersionUID = 1L;
}
