package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.concurrent.CompletableFuture;

/**
 * What the master calls on the client that submitted a job (master → client). Implementations
 * must not block the caller: the master calls them from its main thread.
 */
public interface ClientGateway {

    /**
     * A step of the running job (deployed, all tasks running, restarting, failing, cancelling); a
     * handful per job attempt, in the order the master saw them, all before {@link #jobFinished}.
     * One-way: progress is informational, so an update the client did not get is not retried. The
     * default ignores it (the embedded target).
     */
    default void jobStatusChanged(JobStatusUpdate update) {}

    /** The job ended; called once per job. The future completes when the client has taken note. */
    CompletableFuture<Void> jobFinished(JobResultInfo result);

    /**
     * One batch of serialized records of collect sink {@code collectId}. The future completes when
     * the client has queued the batch; the client's queue is bounded, so a slow reader delays the
     * completion, and through it the sink (back pressure). Batches of one sink subtask arrive in
     * the order it sent them.
     */
    CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch);

    /** All subtasks of collect sink {@code collectId} have finished; no batches for it follow. */
    void collectFinished(JobId job, String collectId);
}
