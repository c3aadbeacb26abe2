package io.eddy.api.common.operators;

import io.eddy.api.common.functions.FlatMapFunction;

/**
 * Applies a {@link FlatMapFunction} to each record: zero or more records out per record in.
 */
public final class FlatMapOperatorBase<IN, OUT> extends SingleInputOperator<IN, OUT> {

    public FlatMapOperatorBase(OperatorInfo<OUT> info, FlatMapFunction<IN, OUT> function, PlanInput<IN> input, SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public FlatMapFunction<IN, OUT> getUserFunction() {
        return (FlatMapFunction<IN, OUT>) super.getUserFunction();
    }
}
