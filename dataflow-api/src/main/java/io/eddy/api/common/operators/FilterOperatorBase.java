package io.eddy.api.common.operators;

import io.eddy.api.common.functions.FilterFunction;

/**
 * Keeps the records for which a {@link FilterFunction} returns true. Input and output type are
 * equal and every field is forwarded: the semantic properties are the identity.
 */
public final class FilterOperatorBase<T> extends SingleInputOperator<T, T> {

    public FilterOperatorBase(OperatorInfo<T> info, FilterFunction<T> function, PlanInput<T> input) {
        super(info, java.util.Objects.requireNonNull(function, "function"), input, SingleInputSemanticProperties.identity(input.type()));
    }

    @Override
    @SuppressWarnings("unchecked")
    public FilterFunction<T> getUserFunction() {
        return (FilterFunction<T>) super.getUserFunction();
    }
}
