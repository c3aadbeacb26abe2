package io.eddy.runtime.worker;

import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.tasks.CheckpointResponder;
import io.eddy.runtime.tasks.TaskId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports a worker's checkpoint outcomes to the master through {@link MasterGateway}. A failure to
 * send is logged, not thrown: the master times the checkpoint out. Any thread.
 */
final class MasterCheckpointResponder implements CheckpointResponder {

    private static final Logger LOG = LoggerFactory.getLogger(MasterCheckpointResponder.class);

    private final MasterGateway master;
    private final String workerName;

    MasterCheckpointResponder(MasterGateway master, String workerName) {
        this.master = master;
        this.workerName = workerName;
    }

    @Override
    public void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        try {
            master.acknowledgeCheckpoint(task, checkpointId, metrics, state);
        } catch (RuntimeException e) {
            LOG.warn("Worker {}: acknowledging checkpoint {} of task {} (job {}) to the master failed; the master will time it out",
                    workerName, checkpointId, task, task.job(), e);
        }
    }

    @Override
    public void declineCheckpoint(TaskId task, long checkpointId, Throwable reason) {
        try {
            master.declineCheckpoint(task, checkpointId, FailureInfo.of(reason));
        } catch (RuntimeException e) {
            LOG.warn("Worker {}: declining checkpoint {} of task {} (job {}) to the master failed; the master will time it out",
                    workerName, checkpointId, task, task.job(), e);
        }
    }
}
