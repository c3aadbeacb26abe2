package io.eddy.runtime.cluster;

import io.eddy.runtime.io.network.event.CheckpointOptions;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import java.util.concurrent.CompletableFuture;

/**
 * What the master calls on a worker (master → worker). Calls never block the caller; the futures
 * complete on the worker's side.
 */
public interface WorkerGateway {

    /**
     * Makes a job's graph and classes available on the worker (decodes the graph, stores the jars,
     * builds the user-code class loader). Idempotent per job. Fails if the graph cannot be read or
     * the jars cannot be stored.
     */
    CompletableFuture<Void> prepareJob(JobArtifacts artifacts);

    /**
     * Starts a task of a prepared job. Completes once the task thread has been started; fails if the
     * job was not prepared or the task cannot be created. The task's progress is reported through
     * {@link MasterGateway#taskStateChanged}.
     */
    CompletableFuture<Void> deployTask(TaskDeploymentSpec spec);

    /**
     * Cancels a task; it reports {@code CANCELED} (or {@code FINISHED}/{@code FAILED} if it ended
     * first). Unknown tasks are ignored: they have ended already.
     */
    void cancelTask(TaskId task);

    /**
     * Forgets a job: cancels its remaining tasks, releases its result partitions, closes its class
     * loader and deletes its stored jars. Unknown jobs are ignored.
     */
    void releaseJob(JobId job);

    /**
     * The last {@code maxBytes} bytes (at most) of the worker's log file. Fails naming the reason if
     * the worker writes no log file of its own (an embedded worker logs with the program that runs
     * it) or the file cannot be read.
     */
    default CompletableFuture<LogTail> logTail(int maxBytes) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("this worker gateway does not read logs"));
    }

    // Checkpoints (docs/checkpointing.md). One-way messages; the task reports through MasterGateway.

    /** Injects checkpoint {@code checkpointId}'s barrier at source task {@code task}; ignored if the task is not running. */
    default void triggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) {
        throw new UnsupportedOperationException("Bug: checkpoint trigger not wired yet");
    }

    /** Checkpoint {@code checkpointId} of the task's job completed; ignored for unknown tasks. */
    default void notifyCheckpointComplete(TaskId task, long checkpointId) {
        throw new UnsupportedOperationException("Bug: checkpoint notification not wired yet");
    }

    /** Checkpoint {@code checkpointId} was aborted; ignored for unknown tasks. */
    default void notifyCheckpointAborted(TaskId task, long checkpointId) {
        throw new UnsupportedOperationException("Bug: checkpoint notification not wired yet");
    }

    // Iterations (docs/iterations.md). One-way; the head task reports through MasterGateway.

    /** The master's decision after a superstep of the loop whose head task is {@code headTask}; ignored for unknown tasks. */
    default void superstepDecision(TaskId headTask, SuperstepDecision decision) {
        throw new UnsupportedOperationException("Bug: superstep decisions not wired yet");
    }
}
