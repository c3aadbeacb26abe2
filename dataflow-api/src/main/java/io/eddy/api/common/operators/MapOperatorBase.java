package io.eddy.api.common.operators;

import io.eddy.api.common.functions.MapFunction;

/**
 * Applies a {@link MapFunction} to each record: one record out per record in.
 */
public final class MapOperatorBase<IN, OUT> extends SingleInputOperator<IN, OUT> {

    public MapOperatorBase(OperatorInfo<OUT> info, MapFunction<IN, OUT> function, PlanInput<IN> input, SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public MapFunction<IN, OUT> getUserFunction() {
        return (MapFunction<IN, OUT>) super.getUserFunction();
    }
}
