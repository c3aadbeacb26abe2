package io.eddy.master;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A client gateway that records the job's result and collect calls. Thread-safe. */
final class RecordingClient implements ClientGateway {

    final CompletableFuture<JobResultInfo> result = new CompletableFuture<>();
    final BlockingQueue<byte[]> batches = new LinkedBlockingQueue<>();
    final BlockingQueue<String> finishedStreams = new LinkedBlockingQueue<>();

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo r) {
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
