package io.eddy.api.java;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.JoinType;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DefaultJoin;
import io.eddy.api.java.functions.JoinToFlatJoinAdapter;

/** Creates join operators for {@link DefaultJoin} and the outer joins. Stateless. */
final class Joins {

    private Joins() {
    }

    static String defaultName(JoinType type) {
        return switch (type) {
            case INNER -> "Join";
            case LEFT_OUTER -> "LeftOuterJoin";
            case RIGHT_OUTER -> "RightOuterJoin";
            case FULL_OUTER -> "FullOuterJoin";
        };
    }

    /**
     * Checks that {@code hint} can run a join of {@code type}: broadcasting the outer side would emit
     * its unmatched records once per subtask.
     *
     * @throws IllegalArgumentException naming the join, the hint and the hints that work
     */
    static void checkHint(JoinType type, JoinHint hint, String firstName, String secondName) {
        boolean bad = switch (type) {
            case INNER -> false;
            case LEFT_OUTER -> hint == JoinHint.BROADCAST_HASH_FIRST;
            case RIGHT_OUTER -> hint == JoinHint.BROADCAST_HASH_SECOND;
            case FULL_OUTER -> hint == JoinHint.BROADCAST_HASH_FIRST || hint == JoinHint.BROADCAST_HASH_SECOND;
        };
        if (bad) {
            throw new IllegalArgumentException(defaultName(type) + " of '" + firstName + "' and '" + secondName + "': hint " + hint
                    + " cannot run a " + type + " join, because the broadcast input is an outer side whose unmatched records every"
                    + " subtask would emit (expected: OPTIMIZER_CHOOSES, REPARTITION_SORT_MERGE, REPARTITION_HASH_FIRST/SECOND,"
                    + " or broadcasting the inner side)");
        }
    }

    static <L, R, O> TwoInputUdfOperator<L, R, O> with(TwoInputUdfOperator.Inputs<L, R> inputs, JoinType type, JoinHint hint,
            JoinFunction<L, R, O> function) {
        java.util.Objects.requireNonNull(function, () -> defaultName(type) + ".with: the join function is null");
        TypeInfo<L> t1 = inputs.first().getType();
        TypeInfo<R> t2 = inputs.second().getType();
        return new TwoInputUdfOperator<>(inputs, defaultName(type), new JoinToFlatJoinAdapter<>(function),
                name -> TypeExtractor.getOutputType(function, JoinFunction.class, 2, new TypeInfo<?>[] {t1, t2}, name),
                (info, f, in) -> new JoinOperatorBase<>(info, Operations.cast(f), in, type, hint));
    }

    static <L, R, O> TwoInputUdfOperator<L, R, O> with(TwoInputUdfOperator.Inputs<L, R> inputs, JoinType type, JoinHint hint,
            FlatJoinFunction<L, R, O> function) {
        java.util.Objects.requireNonNull(function, () -> defaultName(type) + ".with: the join function is null");
        TypeInfo<L> t1 = inputs.first().getType();
        TypeInfo<R> t2 = inputs.second().getType();
        return new TwoInputUdfOperator<>(inputs, defaultName(type), function,
                name -> TypeExtractor.getOutputType(function, FlatJoinFunction.class, 2, new TypeInfo<?>[] {t1, t2}, name),
                (info, f, in) -> new JoinOperatorBase<>(info, Operations.cast(f), in, type, hint));
    }
}
