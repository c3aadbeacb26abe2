package io.eddy.yarn.executor;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import io.eddy.yarn.client.YarnCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A job submitted with {@code yarn.detached}: the client stopped following it once it was
 * accepted. Its result is complete at once and empty (no accumulators, a net runtime of 0), so a
 * program's {@code execute()} returns; the job's real outcome is the application's final status
 * ({@code yarn application -status APPID}). {@link #cancel()} connects to the master again.
 *
 * <p>Thread-safe: immutable apart from the completed future.
 */
final class DetachedJobClient implements JobClient {

    private final JobId jobId;
    private final YarnCluster cluster;
    private final CompletableFuture<JobExecutionResult> result;

    DetachedJobClient(JobId jobId, YarnCluster cluster) {
        this.jobId = jobId;
        this.cluster = cluster;
        this.result = CompletableFuture.completedFuture(new JobExecutionResult(jobId, 0, Map.of()));
    }

    @Override
    public JobId getJobId() {
        return jobId;
    }

    @Override
    public CompletableFuture<JobExecutionResult> getJobResult() {
        return result;
    }

    @Override
    public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> getJobDetails() {
        try (ClusterClient client = ClusterClient.connect(cluster.master(), cluster.secret())) {
            return CompletableFuture.completedFuture(client.jobDetails(jobId));
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new IOException("Cannot ask for job " + jobId + " of YARN application "
                    + cluster.applicationId() + ": " + e.getMessage(), e));
        }
    }

    @Override
    public void cancel() {
        try (ClusterClient client = ClusterClient.connect(cluster.master(), cluster.secret())) {
            client.cancelJob(jobId);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot cancel job " + jobId + " of YARN application " + cluster.applicationId() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Refused: nobody follows a detached job. The job is cancelled, since its collect sink would wait for a reader forever. */
    @Override
    public CollectStream openCollectStream(String collectId) {
        cancel();
        throw new IllegalStateException("collect() / executeAndCollect() cannot be used with yarn.detached (--detached): the client does "
                + "not follow a detached job, so job " + jobId + " was cancelled. Write the results with a file sink (e.g. to hdfs://) "
                + "or submit without --detached");
    }
}
