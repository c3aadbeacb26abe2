package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.buffer.OpaqueCount;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;

/**
 * Hands records to an input of the next operator of the chain: a direct call, the record passed by
 * reference (no serialization, no copy). An exception of the receiving operator is wrapped with
 * its name, so the task's failure names the operator that failed. Task thread only.
 */
final class ChainedOutput<T> implements Output<T> {

    private final Input<T> input;
    private final String operatorNameWithSubtask;
    /** The records handed to the receiving operator through this output. */
    private final OpaqueCount handed;

    ChainedOutput(Input<T> input, String operatorNameWithSubtask, OpaqueCount handed) {
        this.input = input;
        this.operatorNameWithSubtask = operatorNameWithSubtask;
        this.handed = handed;
    }

    @Override
    public void collect(StreamRecord<T> record) {
        handed.add(1);
        try {
            input.processElement(record);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(operatorNameWithSubtask, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    /**
     * Drops the record: an output that is an operator's only target receives side output records
     * only when nothing consumes that side output ({@link RoutingOutput} routes consumed ones).
     */
    @Override
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

    @Override
    public void emitWatermark(Watermark watermark) {
        try {
            input.processWatermark(watermark);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(operatorNameWithSubtask, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        try {
            input.processWatermarkStatus(status);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(operatorNameWithSubtask, OperatorFailureException.Phase.PROCESSING, e);
        }
    }
}
