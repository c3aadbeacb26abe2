package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link MapPartitionFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichMapPartitionFunction<IN, OUT> extends AbstractRichFunction implements MapPartitionFunction<IN, OUT> {
    private static final long serialVersionUID = 1L;
}
