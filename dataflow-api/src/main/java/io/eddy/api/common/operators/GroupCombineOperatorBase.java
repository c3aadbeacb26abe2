package io.eddy.api.common.operators;

import io.eddy.api.common.functions.GroupCombineFunction;

/**
 * Applies a {@link GroupCombineFunction} to parts of groups locally, without a shuffle: a
 * partial, best-effort grouping (by keys and group order if given, else over each partition).
 */
public final class GroupCombineOperatorBase<IN, OUT> extends SingleInputOperator<IN, OUT> {

    public GroupCombineOperatorBase(OperatorInfo<OUT> info, GroupCombineFunction<IN, OUT> function, PlanInput<IN> input, SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public GroupCombineFunction<IN, OUT> getUserFunction() {
        return (GroupCombineFunction<IN, OUT>) super.getUserFunction();
    }
}
