package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link MapFunction} with a life cycle and a runtime context. */
public abstract class RichMapFunction<T, O> extends AbstractRichFunction implements MapFunction<T, O> {
    private static final long serialVersionUID = 1L;
}
