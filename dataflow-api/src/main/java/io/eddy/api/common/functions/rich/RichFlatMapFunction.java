package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link FlatMapFunction} with a life cycle and a runtime context. */
public abstract class RichFlatMapFunction<T, O> extends AbstractRichFunction implements FlatMapFunction<T, O> {
    private static final long serialVersionUID = 1L;
}
