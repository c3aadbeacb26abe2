package io.eddy.api.common.operators;

import io.eddy.api.common.functions.MapPartitionFunction;

/**
 * Applies a {@link MapPartitionFunction} once per parallel partition of the input.
 */
public final class MapPartitionOperatorBase<IN, OUT> extends SingleInputOperator<IN, OUT> {

    public MapPartitionOperatorBase(OperatorInfo<OUT> info, MapPartitionFunction<IN, OUT> function, PlanInput<IN> input, SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public MapPartitionFunction<IN, OUT> getUserFunction() {
        return (MapPartitionFunction<IN, OUT>) super.getUserFunction();
    }
}
