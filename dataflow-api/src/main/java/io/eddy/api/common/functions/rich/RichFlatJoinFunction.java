package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link FlatJoinFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichFlatJoinFunction<IN1, IN2, OUT> extends AbstractRichFunction implements FlatJoinFunction<IN1, IN2, OUT> {
    private static final long serialVersionUID = 1L;
}
