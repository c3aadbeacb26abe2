package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A non-parallel source with a life cycle and a runtime context. */
public abstract class RichSourceFunction<T> extends AbstractRichFunction implements SourceFunction<T> {
    private static final long serialVersionUID = 1L;
}
