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
}
