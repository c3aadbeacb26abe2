package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A sink with a life cycle and a runtime context; {@code close()} is where buffered output is flushed. */
public abstract class RichSinkFunction<IN> extends AbstractRichFunction implements SinkFunction<IN> {
    private static final long serialVersionUID = 1L;
}
