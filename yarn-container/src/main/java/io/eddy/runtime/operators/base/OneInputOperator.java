package io.eddy.runtime.operators.base;

import io.eddy.api.common.functions.Function;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.base.AbstractStreamOperator;

/** An operator with one logical input: it is its own {@link Input}. */
public abstract class OneInputOperator<IN, OUT> extends AbstractStreamOperator<OUT> implements Input<IN> {

    protected OneInputOperator(Function userFunction) {
        super(userFunction);
    }

    @Override
    public final int numberOfInputs() {
        return 1;
    }

    @Override
    public final Input<?> input(int index) {
        if (index != 0) {
            throw new IllegalArgumentException("input: " + index + " (expected: 0; operator '" + context.nameWithSubtask()
                    + "' has one input)");
        }
        return this;
    }
}
