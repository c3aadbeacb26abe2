package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A parallel source with a life cycle and a runtime context. */
public abstract class RichParallelSourceFunction<T> extends AbstractRichFunction implements ParallelSourceFunction<T> {
    private static final long serialVersionUID = 1L;
}
