package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** What a client calls on the master (client → master). Calls never block; the futures complete later. */
public interface JobSubmissionGateway {

    /**
     * Submits a job. {@code client} receives the job's collect batches and its result. The future
     * completes with the job id once the master has accepted the job (decoded and checked its graph);
     * it fails when the graph cannot be read. A job that is accepted but cannot run (e.g. not enough
     * slots) ends through {@link ClientGateway#jobFinished} with status FAILED.
     */
    CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client);

    /** Cancels a job; completes when the master has started cancelling it, fails for an unknown job. */
    CompletableFuture<Void> cancelJob(JobId job);

    /** The jobs the master knows, running and ended. */
    CompletableFuture<List<JobSummary>> listJobs();

    /**
     * Takes a savepoint of a running job with checkpointing on (docs/checkpointing.md, "Savepoints").
     * The future completes with the savepoint's path (its directory URI) once it is complete; with
     * {@code cancelAfter}, the job is cancelled then. It fails for an unknown or ended job, a job
     * without checkpointing, when no directory is given and the job has no {@code
     * state.savepoints.dir}, or when the savepoint is aborted (the message says why).
     *
     * @param targetDirectoryOrNull the directory to create the savepoint under, or null for the
     *     job's {@code state.savepoints.dir}
     */
    CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter);
}
