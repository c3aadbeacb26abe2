package io.eddy.runtime.tasks;

import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import java.util.Objects;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a task needs from its worker to take checkpoints.
 *
 * @param responder where acknowledgements and declines go
 * @param snapshotExecutor runs the asynchronous parts of snapshots (writing state), off the task
 *     thread; the worker's small pool, shut down with the worker
 */
public record CheckpointServices(CheckpointResponder responder, Executor snapshotExecutor) {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointServices.class);

    /**
     * For tasks outside a worker (tests of single chains): acknowledgements and declines are only
     * logged, asynchronous parts run on the calling thread.
     */
    public static final CheckpointServices NONE = new CheckpointServices(new CheckpointResponder() {
        @Override
        public void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
            LOG.debug("Task {}: checkpoint {} acknowledged, but no responder is set", task, checkpointId);
        }

        @Override
        public void declineCheckpoint(TaskId task, long checkpointId, Throwable reason) {
            LOG.debug("Task {}: checkpoint {} declined, but no responder is set: {}", task, checkpointId, reason.toString());
        }
    }, Runnable::run);

    public CheckpointServices {
        Objects.requireNonNull(responder, "responder");
        Objects.requireNonNull(snapshotExecutor, "snapshotExecutor");
    }
}
