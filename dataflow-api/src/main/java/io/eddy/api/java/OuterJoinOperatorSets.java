package io.eddy.api.java;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.JoinFunctionAssigner;
import io.eddy.api.java.Joins;
import io.eddy.api.java.KeyedPairBuilder;

/**
 * An outer join being defined: {@code first.leftOuterJoin(second).where(...).equalTo(...).with(function)}.
 * The function is required: it receives null for the side without a match.
 */
public final class OuterJoinOperatorSets<L, R> extends KeyedPairBuilder<L, R, JoinFunctionAssigner<L, R>> {

    private final JoinType type;
    private final JoinHint hint;

    /**
     * @throws IllegalArgumentException if {@code type} is not an outer join or {@code hint} cannot run it
     */
    public OuterJoinOperatorSets(DataSet<L> first, DataSet<R> second, JoinType type, JoinHint hint) {
        super(first, second, Joins.defaultName(type));
        if (!type.isOuter()) {
            throw new IllegalArgumentException("Bug: OuterJoinOperatorSets for join type " + type);
        }
        this.type = type;
        this.hint = java.util.Objects.requireNonNull(hint, "outer join: hint");
        Joins.checkHint(type, hint, first.getName(), second.getName());
    }

    @Override
    JoinFunctionAssigner<L, R> create(Keys keys1, Keys keys2) {
        TwoInputUdfOperator.Inputs<L, R> inputs = new TwoInputUdfOperator.Inputs<>(first, keys1, null, second, keys2, null);
        return new JoinFunctionAssigner<>() {
            @Override
            public <O> TwoInputUdfOperator<L, R, O> with(JoinFunction<L, R, O> function) {
                return Joins.with(inputs, type, hint, function);
            }

            @Override
            public <O> TwoInputUdfOperator<L, R, O> with(FlatJoinFunction<L, R, O> function) {
                return Joins.with(inputs, type, hint, function);
            }
        };
    }
}
