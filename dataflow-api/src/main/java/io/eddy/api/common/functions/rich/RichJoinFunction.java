package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link JoinFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements JoinFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
