package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;
import java.util.concurrent.CompletableFuture;


/** What workers (and the transport that watches them) call on the master (worker → master). Calls never block. */
public interface MasterGateway {

    /**
     * Registers a worker; {@code worker} is how the master reaches it. Fails if a different worker
     * with the same id is registered already.
     */
    CompletableFuture<Void> registerWorker(WorkerRegistration registration, WorkerGateway worker);

    /** A task changed state. Updates of one task arrive in the order the worker sent them. */
    void taskStateChanged(TaskStateUpdate update);

    /**
     * One batch of collect sink {@code collectId}'s subtask {@code subtask}. The future completes
     * when the client has queued it (back pressure: the sink waits for it before sending more), and
     * fails when the job has ended or the client is gone.
     */
    CompletableFuture<Void> collectBatch(JobId job, String collectId, int subtask, byte[] batch);

    /** Subtask {@code subtask} of collect sink {@code collectId} has sent its last batch. */
    void collectFinished(JobId job, String collectId, int subtask);

    /**
     * The next input split for the batch source at the head of {@code task}'s vertex, from the
     * source's assigner in the master (preferring splits stored on {@code host}).
     *
     * @param task the requesting task (job, vertex, subtask, attempt)
     * @param host the host name of the requesting worker, for locality; may be null
     * @return a future of the Java-serialized split, or of null when every split has been handed
     *     out; it fails if the job is unknown or has ended, the vertex has no batch source, or the
     *     attempt is not the subtask's latest
     */
    CompletableFuture<byte[]> requestInputSplit(TaskId task, String host);

    /**
     * A worker is gone (its connection closed, it stopped heart-beating, its container ended). Jobs
     * with tasks on it fail with {@code reason} in their cause, e.g. {@code connection closed}.
     */
    void workerLost(WorkerId worker, String reason);

    /**
     * The record counts and back pressure of task attempts running (or just ended) on {@code worker},
     * sent by its reporter every second and once more for a task as it ends, before its final state.
     * Samples of an attempt arrive in the order they were taken.
     */
    default void reportTaskIo(WorkerId worker, List<TaskIoSample> samples) {
        throw new UnsupportedOperationException("Bug: task metrics not wired yet");
    }

    /** A worker's JVM and memory, sent by its reporter every second. */
    default void reportWorker(WorkerSample sample) {
        throw new UnsupportedOperationException("Bug: worker metrics not wired yet");
    }

    // Checkpoints (docs/checkpointing.md).

    /** Subtask {@code task} has written its state of checkpoint {@code checkpointId}. */
    default void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        throw new UnsupportedOperationException("Bug: checkpoint acknowledgement not wired yet");
    }

    /** Subtask {@code task} could not take checkpoint {@code checkpointId}; the checkpoint is aborted. */
    default void declineCheckpoint(TaskId task, long checkpointId, FailureInfo reason) {
        throw new UnsupportedOperationException("Bug: checkpoint decline not wired yet");
    }

    // Iterations (docs/iterations.md).

    /**
     * Subtask {@code task} of a loop's vertex has finished superstep {@code superstep}.
     *
     * @param aggregatesBytes the Java-serialized {@code HashMap<String, Serializable>} of the task's
     *     aggregator values of that superstep, by name (user classes)
     */
    default void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes) {
        throw new UnsupportedOperationException("Bug: superstep reports not wired yet");
    }
}
