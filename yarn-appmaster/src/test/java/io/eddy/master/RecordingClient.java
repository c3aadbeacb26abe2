package io.eddy.master;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A client gateway that records the job's status updates, result and collect calls. Thread-safe. */
final class RecordingClient implements ClientGateway {

    final CompletableFuture<JobResultInfo> result = new CompletableFuture<>();
    final BlockingQueue<byte[]> batches = new LinkedBlockingQueue<>();
    final BlockingQueue<String> finishedStreams = new LinkedBlockingQueue<>();
    /**
     * The status updates, as {@link JobStatusUpdate#describe} without the job prefix ("RUNNING, 2 of
     * 2 tasks running"), then the result as "FINISHED (result)", in arrival order.
     */
    final BlockingQueue<String> progress = new LinkedBlockingQueue<>();

    @Override
    public void jobStatusChanged(JobStatusUpdate update) {
        progress.add(update.describe("job").substring(("Job 'job' (" + update.job() + "): ").length()));
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo r) {
        progress.add(r.status() + " (result)");
        result.complete(r);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
        batches.add(batch);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void collectFinished(JobId job, String collectId) {
        finishedStreams.add(collectId);
    }

    JobResultInfo awaitResult() throws Exception {
        return result.get(10, TimeUnit.SECONDS);
    }
}
