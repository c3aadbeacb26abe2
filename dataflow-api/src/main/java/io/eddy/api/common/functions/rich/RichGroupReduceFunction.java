package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link GroupReduceFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichGroupReduceFunction<IN, OUT> extends AbstractRichFunction implements GroupReduceFunction<IN, OUT> {
    private static final long serialVersionUID = 1L;
}
