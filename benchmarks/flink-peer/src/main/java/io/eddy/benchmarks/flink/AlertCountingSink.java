package io.eddy.benchmarks.flink;

import io.eddy.examples.statemachine.model.Alert;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;

/**
 * Discards alerts and counts them in the accumulator {@value #ALERTS}, and the checkpoints its
 * subtask saw complete in {@value #CHECKPOINTS} (so a benchmark run with checkpointing shows that it
 * checkpointed). Runs on its task's thread.
 */
public final class AlertCountingSink extends RichSinkFunction<Alert> implements CheckpointListener {

    private static final long serialVersionUID = 1L;

    /** The accumulator with the number of alerts. */
    public static final String ALERTS = "alerts";

    /** The accumulator with the number of completed checkpoints seen by the sink's subtasks. */
    public static final String CHECKPOINTS = "checkpoints";

    private transient LongCounter alerts;
    private transient LongCounter checkpoints;

    @Override
    public void open(OpenContext openContext) {
        alerts = new LongCounter();
        getRuntimeContext().addAccumulator(ALERTS, alerts);
        checkpoints = new LongCounter();
        getRuntimeContext().addAccumulator(CHECKPOINTS, checkpoints);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
            checkpoints.add(1L);
        }
    }

    @Override
    public void invoke(Alert value, Context context) {
        alerts.add(1L);
    }
}
