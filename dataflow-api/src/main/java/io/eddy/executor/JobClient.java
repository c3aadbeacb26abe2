package io.eddy.executor;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.jobgraph.JobId;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A handle on a submitted job. */
public interface JobClient extends AutoCloseable {

    JobId getJobId();

    /**
     * Completes with the result when the job finishes; completes exceptionally with a {@link
     * JobExecutionException} carrying the root cause (operator, subtask, worker) when it fails.
     */
    CompletableFuture<JobExecutionResult> getJobResult();

    /**
     * What the master knows of the job now (docs/monitoring.md, "Job details"): its state and its
     * vertices' subtasks and splits. Empty when the master no longer knows the job (it was retired
     * after its end, or the master was replaced).
     */
    CompletableFuture<Optional<JobDetails>> getJobDetails();

    /**
     * Waits up to {@code wait} for the job to end, finished, failed or cancelled; whether it has (how
     * it ended is {@link #getJobResult()}'s).
     */
    default boolean awaitEnd(Duration wait) throws InterruptedException {
        try {
            getJobResult().get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (ExecutionException | CancellationException e) {
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    /** Asks the cluster to cancel the job; the result future then fails with a cancellation. */
    void cancel();

    /**
     * The records a {@code COLLECT_SINK} with id {@code collectId} sends to the client, as
     * serialized batches. Open it before the job produces much: the sink is back-pressured by
     * how fast the client reads.
     */
    CollectStream openCollectStream(String collectId);

    @Override
    default void close() {}
}
