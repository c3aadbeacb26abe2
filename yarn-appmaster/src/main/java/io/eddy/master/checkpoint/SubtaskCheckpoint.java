package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetrics;

/**
 * A subtask's latest acknowledged checkpoint or savepoint, as the metrics show it (docs/monitoring.md,
 * "Metrics"). A value.
 *
 * @param checkpointId the checkpoint it acknowledged
 * @param durationMillis from the trigger at the sources to the master's receipt of this subtask's acknowledgement
 * @param stateSize bytes of state the subtask wrote
 * @param alignmentNanos how long it held channels back aligning the checkpoint's barriers
 * @param syncNanos the synchronous part of its snapshot, on the task thread
 * @param asyncNanos the asynchronous part (writing its state)
 */
public record SubtaskCheckpoint(long checkpointId, long durationMillis, long stateSize, long alignmentNanos, long syncNanos,
        long asyncNanos) {

    /** The acknowledgement of {@code checkpointId}, received {@code durationMillis} after its trigger, with {@code metrics} (null: none reported). */
    static SubtaskCheckpoint of(long checkpointId, long durationMillis, CheckpointMetrics metrics) {
        return metrics == null ? new SubtaskCheckpoint(checkpointId, durationMillis, 0, 0, 0, 0)
                : new SubtaskCheckpoint(checkpointId, durationMillis, metrics.stateSize(), metrics.alignmentNanos(), metrics.syncNanos(),
                        metrics.asyncNanos());
    }
}
