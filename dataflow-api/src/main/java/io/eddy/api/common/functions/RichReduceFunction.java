package io.eddy.api.common.functions;

/** A {@link ReduceFunction} with a life cycle and a runtime context. */
public abstract class RichReduceFunction<T> extends AbstractRichFunction implements ReduceFunction<T> {
    private static final long serialVersionUID = 1L;
}
