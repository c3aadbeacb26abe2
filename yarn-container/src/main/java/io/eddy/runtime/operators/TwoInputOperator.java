package io.eddy.runtime.operators;

import io.eddy.api.common.functions.Function;
import io.eddy.runtime.streamrecord.StreamRecord;

/** An operator with two logical inputs (a co-operator); input 0 goes to {@link #processElement1}, input 1 to {@link #processElement2}. */
public abstract class TwoInputOperator<IN1, IN2, OUT> extends AbstractStreamOperator<OUT> {

    private final Input<IN1> first = this::processElement1;
    private final Input<IN2> second = this::processElement2;

    protected TwoInputOperator(Function userFunction) {
        super(userFunction);
    }

    public abstract void processElement1(StreamRecord<IN1> record) throws Exception;

    public abstract void processElement2(StreamRecord<IN2> record) throws Exception;

    @Override
    public final int numberOfInputs() {
        return 2;
    }

    @Override
    public final Input<?> input(int index) {
        if (index == 0) {
            return first;
        }
        if (index == 1) {
            return second;
        }
        throw new IllegalArgumentException("input: " + index + " (expected: 0 or 1; operator '" + context.nameWithSubtask()
                + "' has two inputs)");
    }
}
