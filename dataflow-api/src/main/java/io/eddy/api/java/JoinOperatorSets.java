package io.eddy.api.java;

import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.DefaultJoin;

/** An inner join being defined: {@code first.join(second).where(...).equalTo(...)} gives a {@link DefaultJoin}. */
public final class JoinOperatorSets<L, R> extends KeyedPairBuilder<L, R, DefaultJoin<L, R>> {

    private final JoinHint hint;

    public JoinOperatorSets(DataSet<L> first, DataSet<R> second, JoinHint hint) {
        super(first, second, "Join");
        this.hint = java.util.Objects.requireNonNull(hint, "join: hint");
        Joins.checkHint(JoinType.INNER, hint, first.getName(), second.getName());
    }

    @Override
    DefaultJoin<L, R> create(Keys keys1, Keys keys2) {
        return new DefaultJoin<>(new TwoInputUdfOperator.Inputs<>(first, keys1, null, second, keys2, null), hint);
    }
}
