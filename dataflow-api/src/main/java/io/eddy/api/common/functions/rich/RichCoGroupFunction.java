package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link CoGroupFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichCoGroupFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CoGroupFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
