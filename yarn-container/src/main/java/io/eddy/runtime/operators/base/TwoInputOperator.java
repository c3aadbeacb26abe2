package io.eddy.runtime.operators.base;

import io.eddy.api.common.functions.Function;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.streamrecord.StatusWatermarkValve;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;

/**
 * An operator with two logical inputs (a co-operator); input 0 goes to {@link #processElement1},
 * input 1 to {@link #processElement2}. Its event time is the minimum of both inputs' watermarks
 * (an idle input does not hold it back): {@link #processWatermark1}/{@link #processWatermark2}
 * combine them and call {@link #processWatermark} when the minimum advances.
 */
public abstract class TwoInputOperator<IN1, IN2, OUT> extends AbstractStreamOperator<OUT> {

    private final Input<IN1> first = new Input<>() {
        @Override
        public void processElement(StreamRecord<IN1> record) throws Exception {
            processElement1(record);
        }

        @Override
        public void processWatermark(Watermark watermark) throws Exception {
            processWatermark1(watermark);
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus status) throws Exception {
            processWatermarkStatus1(status);
        }
    };
    private final Input<IN2> second = new Input<>() {
        @Override
        public void processElement(StreamRecord<IN2> record) throws Exception {
            processElement2(record);
        }

        @Override
        public void processWatermark(Watermark watermark) throws Exception {
            processWatermark2(watermark);
        }

        @Override
        public void processWatermarkStatus(WatermarkStatus status) throws Exception {
            processWatermarkStatus2(status);
        }
    };
    // Combines the event time of the two inputs. Task thread.
    private final StatusWatermarkValve inputWatermarks = new StatusWatermarkValve(2);
    private final StatusWatermarkValve.ValveOutput combined = new StatusWatermarkValve.ValveOutput() {
        @Override
        public void emitWatermark(Watermark watermark) throws Exception {
            processWatermark(watermark);
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) throws Exception {
            processWatermarkStatus(status);
        }
    };

    protected TwoInputOperator(Function userFunction) {
        super(userFunction);
    }

    public abstract void processElement1(StreamRecord<IN1> record) throws Exception;

    public abstract void processElement2(StreamRecord<IN2> record) throws Exception;

    /** The event time of input 0 advanced. */
    public void processWatermark1(Watermark watermark) throws Exception {
        inputWatermarks.inputWatermark(watermark, 0, combined);
    }

    /** The event time of input 1 advanced. */
    public void processWatermark2(Watermark watermark) throws Exception {
        inputWatermarks.inputWatermark(watermark, 1, combined);
    }

    /** Input 0 became idle or active. */
    public void processWatermarkStatus1(WatermarkStatus status) throws Exception {
        inputWatermarks.inputWatermarkStatus(status, 0, combined);
    }

    /** Input 1 became idle or active. */
    public void processWatermarkStatus2(WatermarkStatus status) throws Exception {
        inputWatermarks.inputWatermarkStatus(status, 1, combined);
    }

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
