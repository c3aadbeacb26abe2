package io.eddy.api.common.operators;

import io.eddy.api.common.functions.FlatJoinFunction;
import java.util.Objects;

/**
 * Joins two inputs on equal keys ({@code keys1} of the first, {@code keys2} of the second, with
 * compatible key field types) and applies a {@link FlatJoinFunction} to each pair. A program's
 * {@code JoinFunction} (and the default join producing {@code Tuple2<L, R>}) arrives wrapped in a
 * {@code FlatJoinFunction}. In an outer join the missing side is null.
 */
public final class JoinOperatorBase<IN1, IN2, OUT> extends DualInputOperator<IN1, IN2, OUT> {

    private final JoinType joinType;
    private final JoinHint joinHint;

    public JoinOperatorBase(OperatorInfo<OUT> info, FlatJoinFunction<IN1, IN2, OUT> function, DualInputs<IN1, IN2> inputs,
            JoinType joinType, JoinHint joinHint) {
        super(info, Objects.requireNonNull(function, "function"), inputs);
        this.joinType = Objects.requireNonNull(joinType, "joinType");
        this.joinHint = Objects.requireNonNull(joinHint, "joinHint");
        if (inputs.first().keys() == null || inputs.second().keys() == null) {
            throw new IllegalArgumentException("Bug: join '" + info.name() + "' without keys on both inputs");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public FlatJoinFunction<IN1, IN2, OUT> getUserFunction() {
        return (FlatJoinFunction<IN1, IN2, OUT>) super.getUserFunction();
    }

    public JoinType getJoinType() {
        return joinType;
    }

    public JoinHint getJoinHint() {
        return joinHint;
    }

    @Override
    protected String describeOperation() {
        return "type=" + joinType + " hint=" + joinHint;
    }
}
