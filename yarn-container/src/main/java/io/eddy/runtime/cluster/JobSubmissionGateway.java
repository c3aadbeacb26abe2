package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import io.eddy.executor.JobDetails;
import java.util.List;
import java.util.Optional;
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

    /**
     * Makes {@code client} the client of a job submitted before, e.g. by a client that lost its
     * connection to the master and found the job again in a restarted master (docs/yarn.md, "A
     * client follows its job"). From then on {@code client} hears the job's status updates and its
     * end; the job's previous client hears nothing more. A job that has ended (and is still listed)
     * reports its result to {@code client} at once.
     *
     * <p>The future completes with the job's summary, or empty when the master does not know the job
     * (nothing is attached then). It fails for a job with collect sinks: their records went to the
     * previous client and cannot be followed by another.
     */
    CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client);

    /** Cancels a job; completes when the master has started cancelling it, fails for an unknown job. */
    CompletableFuture<Void> cancelJob(JobId job);

    /** The jobs the master knows, running and ended. */
    CompletableFuture<List<JobSummary>> listJobs();

    /**
     * A job as the master sees it now: its state, its vertices' subtasks and splits (docs/monitoring.md,
     * "Job details"); empty when the master does not know the job.
     */
    CompletableFuture<Optional<JobDetails>> jobDetails(JobId job);

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
