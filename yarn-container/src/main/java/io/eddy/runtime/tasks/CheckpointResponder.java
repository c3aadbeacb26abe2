package io.eddy.runtime.tasks;

import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;

/**
 * Where a task reports the outcome of its part of a checkpoint: in a worker, the master
 * ({@code MasterGateway.acknowledgeCheckpoint / declineCheckpoint}). Called from the snapshot
 * executor's threads (acknowledgements, asynchronous failures) and from the task thread (synchronous
 * failures); implementations must not block for long.
 */
public interface CheckpointResponder {

    /** {@code task} wrote its state of checkpoint {@code checkpointId}. */
    void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state);

    /** {@code task} could not take checkpoint {@code checkpointId}; {@code reason} says why. */
    void declineCheckpoint(TaskId task, long checkpointId, Throwable reason);
}
