package io.eddy.api.java;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;

/** The last step of a join: the function applied to each joined pair (required for outer joins). */
public interface JoinFunctionAssigner<L, R> {

    /** Applies {@code function} to each pair; its output type is extracted from it (else {@code .returns(...)}). */
    <O> TwoInputUdfOperator<L, R, O> with(JoinFunction<L, R, O> function);

    /** Applies {@code function} to each pair, emitting any number of records; a lambda needs {@code .returns(...)}. */
    <O> TwoInputUdfOperator<L, R, O> with(FlatJoinFunction<L, R, O> function);
}
