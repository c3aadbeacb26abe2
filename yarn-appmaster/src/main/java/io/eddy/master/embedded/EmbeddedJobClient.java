package io.eddy.master.embedded;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobId;
import java.util.concurrent.CompletableFuture;

/**
 * The job client of the embedded executor: the cluster's client, plus stopping the job's own
 * {@link LocalCluster} when the job has ended. The result future completes after the cluster has
 * stopped, so no cluster thread outlives a program that waited for its result.
 *
 * <p>The cluster is stopped on a short-lived daemon thread ({@code eddy-embedded-shutdown}),
 * because the job's end is reported on the master's own thread, which cannot wait for itself.
 */
final class EmbeddedJobClient implements JobClient {

    private final JobClient client;
    private final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();

    EmbeddedJobClient(JobClient client, LocalCluster cluster) {
        this.client = client;
        client.getJobResult().whenComplete((r, e) -> {
            Thread shutdown = new Thread(() -> {
                cluster.close();
                if (e != null) {
                    result.completeExceptionally(e);
                } else {
                    result.complete(r);
                }
            }, "eddy-embedded-shutdown");
            shutdown.setDaemon(true);
            shutdown.start();
        });
    }

    @Override
    public JobId getJobId() {
        return client.getJobId();
    }

    @Override
    public CompletableFuture<JobExecutionResult> getJobResult() {
        return result;
    }

    @Override
    public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> getJobDetails() {
        return client.getJobDetails();
    }

    @Override
    public void cancel() {
        client.cancel();
    }

    @Override
    public CollectStream openCollectStream(String collectId) {
        return client.openCollectStream(collectId);
    }

    /** Cancels the job if it is still running; the cluster stops when it has ended. */
    @Override
    public void close() {
        if (!result.isDone()) {
            client.cancel();
        }
    }
}
