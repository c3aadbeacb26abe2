package io.eddy.api.java;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.functions.DefaultJoinFunction;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.api.java.tuple.Tuple2;

/**
 * An inner join whose keys are set: used as is, it yields a {@code Tuple2(first, second)} per
 * matching pair; {@link #with} applies a function instead (and the default join is dropped).
 */
public final class DefaultJoin<L, R> extends TwoInputUdfOperator<L, R, Tuple2<L, R>> implements JoinFunctionAssigner<L, R> {

    private final JoinHint hint;

    DefaultJoin(Inputs<L, R> inputs, JoinHint hint) {
        super(inputs, "Join", new DefaultJoinFunction<L, R>(), name -> pairType(inputs),
                (info, f, in) -> new JoinOperatorBase<>(info, Operations.cast(f), in, JoinType.INNER, hint));
        this.hint = hint;
        setImplicitSemanticProperties(pairProperties(getFirstInput().getType(), getSecondInput().getType()));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <L, R> TypeInfo<Tuple2<L, R>> pairType(Inputs<L, R> inputs) {
        return (TypeInfo) new TupleTypeInfo<>(inputs.first().getType(), inputs.second().getType());
    }

    /** Projects the joined pairs to a tuple, starting with fields of the first input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectFirst(int... positions) {
        return ProjectedPair.start(inputs(), new ProjectedPair.Kind(true, hint, null), 0, positions);
    }

    /** Projects the joined pairs to a tuple, starting with fields of the second input (none: its whole value). */
    public <O extends Tuple> ProjectedPair<L, R, O> projectSecond(int... positions) {
        return ProjectedPair.start(inputs(), new ProjectedPair.Kind(true, hint, null), 1, positions);
    }

    @Override
    public <O> TwoInputUdfOperator<L, R, O> with(JoinFunction<L, R, O> function) {
        return Joins.with(inputs(), JoinType.INNER, hint, function);
    }

    @Override
    public <O> TwoInputUdfOperator<L, R, O> with(FlatJoinFunction<L, R, O> function) {
        return Joins.with(inputs(), JoinType.INNER, hint, function);
    }
}
