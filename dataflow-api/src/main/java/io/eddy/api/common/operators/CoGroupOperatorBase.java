package io.eddy.api.common.operators;

import io.eddy.api.common.functions.CoGroupFunction;
import java.util.Objects;

/**
 * Groups both inputs on equal keys and applies a {@link CoGroupFunction} to each key's pair of
 * groups (either may be empty), each sorted by its input's group order if given.
 */
public final class CoGroupOperatorBase<IN1, IN2, OUT> extends DualInputOperator<IN1, IN2, OUT> {

    public CoGroupOperatorBase(OperatorInfo<OUT> info, CoGroupFunction<IN1, IN2, OUT> function, DualInputs<IN1, IN2> inputs) {
        super(info, Objects.requireNonNull(function, "function"), inputs);
        if (inputs.first().keys() == null || inputs.second().keys() == null) {
            throw new IllegalArgumentException("Bug: coGroup '" + info.name() + "' without keys on both inputs");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public CoGroupFunction<IN1, IN2, OUT> getUserFunction() {
        return (CoGroupFunction<IN1, IN2, OUT>) super.getUserFunction();
    }
}
