package io.eddy.api.common.functions.rich;

import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.rich.AbstractRichFunction;

/** A {@link GroupCombineFunction} with a life cycle ({@code open}/{@code close}) and a runtime context. */
public abstract class RichGroupCombineFunction<IN, OUT> extends AbstractRichFunction implements GroupCombineFunction<IN, OUT> {
    private static final long serialVersionUID = 1L;
}
