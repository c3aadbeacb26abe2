package io.eddy.api.common.operators;

import io.eddy.api.common.functions.ReduceFunction;

/**
 * Combines the records of each group of equal keys pairwise with a {@link ReduceFunction} into one
 * record, or all records of the input when there are no keys. A reduce is always combinable: the
 * optimizer may reduce locally before the shuffle. {@code distinct}, {@code aggregate},
 * {@code sum/min/max} and {@code minBy/maxBy} become reduces with built-in functions.
 */
public final class ReduceOperatorBase<T> extends SingleInputOperator<T, T> {

    public ReduceOperatorBase(OperatorInfo<T> info, ReduceFunction<T> function, PlanInput<T> input,
            SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public ReduceFunction<T> getUserFunction() {
        return (ReduceFunction<T>) super.getUserFunction();
    }
}
