package io.eddy.api.common.operators;

import io.eddy.api.common.functions.CrossFunction;
import java.util.Objects;

/**
 * The Cartesian product of two inputs, each pair passed to a {@link CrossFunction}. The inputs
 * have no keys; the {@link CrossHint} says which one the program knows to be small.
 */
public final class CrossOperatorBase<IN1, IN2, OUT> extends DualInputOperator<IN1, IN2, OUT> {

    private final CrossHint hint;

    public CrossOperatorBase(OperatorInfo<OUT> info, CrossFunction<IN1, IN2, OUT> function, DualInputs<IN1, IN2> inputs, CrossHint hint) {
        super(info, Objects.requireNonNull(function, "function"), inputs);
        this.hint = Objects.requireNonNull(hint, "hint");
    }

    @Override
    @SuppressWarnings("unchecked")
    public CrossFunction<IN1, IN2, OUT> getUserFunction() {
        return (CrossFunction<IN1, IN2, OUT>) super.getUserFunction();
    }

    public CrossHint getCrossHint() {
        return hint;
    }

    @Override
    protected String describeOperation() {
        return "hint=" + hint;
    }
}
