package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link CrossFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichCrossFunction<IN1, IN2, OUT> extends AbstractRichFunction implements CrossFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
