package io.eddy.api.common.operators;

import io.eddy.api.common.functions.GroupReduceFunction;

/**
 * Applies a {@link GroupReduceFunction} to each group of records with equal keys (sorted by the
 * input's group order, if any), or to the whole input when there are no keys. The operator is
 * <em>combinable</em> ({@link #isCombinable()}) when the function also implements {@link
 * io.eddy.api.common.functions.GroupCombineFunction GroupCombineFunction}{@code <IN, IN>}: the optimizer may then run
 * the combine step before the shuffle.
 */
public final class GroupReduceOperatorBase<IN, OUT> extends SingleInputOperator<IN, OUT> {

    public GroupReduceOperatorBase(OperatorInfo<OUT> info, GroupReduceFunction<IN, OUT> function, PlanInput<IN> input, SingleInputSemanticProperties semanticProperties) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, semanticProperties);
    }

    @Override
    @SuppressWarnings("unchecked")
    public GroupReduceFunction<IN, OUT> getUserFunction() {
        return (GroupReduceFunction<IN, OUT>) super.getUserFunction();
    }

    /** Whether the function can also combine partial groups before the shuffle. */
    public boolean isCombinable() {
        return getUserFunction() instanceof io.eddy.api.common.functions.GroupCombineFunction<?, ?>;
    }

    @Override
    protected String describeOperation() {
        return isCombinable() ? "combinable" : "";
    }
}
