package io.eddy.yarn.appmaster;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.JobSummary;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A master stand-in for unit tests: accepts every job unless {@link #reject} is set (for all jobs)
 * or {@link #rejectJobs} names it, recording the artifacts and the client, and whether the job's
 * entry was in {@code store} at that moment.
 */
final class RecordingSubmissionGateway implements JobSubmissionGateway {

    final JobStore store;
    final Map<JobId, JobArtifacts> submitted = new ConcurrentHashMap<>();
    final Map<JobId, ClientGateway> clients = new ConcurrentHashMap<>();
    final Map<JobId, Boolean> storedWhenSubmitted = new ConcurrentHashMap<>();
    final Map<JobId, RuntimeException> rejectJobs = new ConcurrentHashMap<>();
    volatile RuntimeException reject;

    RecordingSubmissionGateway(JobStore store) {
        this.store = store;
    }

    @Override
    public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
        RuntimeException rejection = reject != null ? reject : rejectJobs.get(artifacts.job());
        if (rejection != null) {
            return CompletableFuture.failedFuture(rejection);
        }
        try {
            storedWhenSubmitted.put(artifacts.job(), store.get(artifacts.job()).isPresent());
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        submitted.put(artifacts.job(), artifacts);
        clients.put(artifacts.job(), client);
        return CompletableFuture.completedFuture(artifacts.job());
    }

    /** Attaches {@code client} to a job submitted before (replacing the recorded client); empty for another. */
    @Override
    public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
        if (!submitted.containsKey(job)) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        clients.put(job, client);
        return CompletableFuture.completedFuture(Optional.of(new JobSummary(job, "job", io.eddy.runtime.cluster.JobStatus.RUNNING, 1L, 1)));
    }

    @Override
    public CompletableFuture<Void> cancelJob(JobId job) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<List<JobSummary>> listJobs() {
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> jobDetails(io.eddy.jobgraph.JobId job) {
        return CompletableFuture.completedFuture(java.util.Optional.empty());
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("not in this test"));
    }
}
