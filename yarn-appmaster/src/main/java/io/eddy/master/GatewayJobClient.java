package io.eddy.master;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobId;
import io.eddy.master.concurrent.Futures;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import java.io.Serializable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link JobClient} over a {@link JobSubmissionGateway}, and the {@link ClientGateway} through
 * which the master reports back to it. Works the same in one JVM (embedded) and over RPC.
 *
 * <p>Collect streams are {@link CollectBuffer}s of bounded capacity, created when the first batch
 * arrives or when the stream is opened, whichever comes first. The result future is completed on
 * {@code completionExecutor}, never on the caller of {@link #jobFinished} (the master's thread).
 *
 * <p>Thread-safe: the streams map is guarded by {@code this}; the rest is immutable or futures.
 */
public final class GatewayJobClient implements JobClient, ClientGateway {

    /** Batches a collect stream holds before the sinks wait for the reader. */
    public static final int DEFAULT_COLLECT_QUEUE_CAPACITY = 16;

    private static final Logger LOG = LoggerFactory.getLogger(GatewayJobClient.class);

    private final JobId jobId;
    private final JobSubmissionGateway master;
    private final ClassLoader userClassLoader;
    private final int collectQueueCapacity;
    private final Executor completionExecutor;
    private final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();
    /** Guarded by this. */
    private final Map<String, CollectBuffer> streams = new HashMap<>();
    /** Guarded by this: how the job ended, null while it runs. */
    private JobResultInfo ended;

    private GatewayJobClient(JobId jobId, JobSubmissionGateway master, ClassLoader userClassLoader, int collectQueueCapacity) {
        this.jobId = jobId;
        this.master = master;
        this.userClassLoader = userClassLoader;
        this.collectQueueCapacity = collectQueueCapacity;
        this.completionExecutor = ForkJoinPool.commonPool();
    }

    /**
     * Submits a job and waits (bounded) until the master accepted it.
     *
     * @throws JobExecutionException if the master rejected the job; the message says why
     */
    public static GatewayJobClient submit(JobSubmissionGateway master, JobArtifacts artifacts, ClassLoader userClassLoader,
            int collectQueueCapacity) throws JobExecutionException, InterruptedException {
        GatewayJobClient client = new GatewayJobClient(artifacts.job(), master, userClassLoader, collectQueueCapacity);
        try {
            master.submitJob(artifacts, client).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = Futures.unwrap(e.getCause());
            throw new JobExecutionException(artifacts.job(), "the master rejected the job: " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new JobExecutionException(artifacts.job(), "the master did not accept the job within 60 s: is it overloaded or unreachable?", e);
        }
        return client;
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
        return master.jobDetails(jobId);
    }

    @Override
    public void cancel() {
        master.cancelJob(jobId).whenComplete((v, e) -> {
            if (e != null) {
                LOG.debug("Job {}: cancel was not accepted (it may have ended already): {}", jobId, e.toString());
            }
        });
    }

    @Override
    public CollectStream openCollectStream(String collectId) {
        return stream(collectId);
    }

    /** The buffer of a collect stream (creating it if needed), e.g. to check its high watermark in tests. */
    public synchronized CollectBuffer stream(String collectId) {
        CollectBuffer buffer = streams.get(collectId);
        if (buffer == null) {
            buffer = new CollectBuffer(collectId, collectQueueCapacity, this::cancelIfRunning);
            streams.put(collectId, buffer);
            if (ended != null) {
                endStream(buffer, ended);
            }
        }
        return buffer;
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo info) {
        List<CollectBuffer> open;
        synchronized (this) {
            if (ended != null) {
                return CompletableFuture.completedFuture(null);
            }
            ended = info;
            open = List.copyOf(streams.values());
        }
        open.forEach(b -> endStream(b, info));
        CompletableFuture.runAsync(() -> completeResult(info), completionExecutor);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
        return stream(collectId).offer(batch);
    }

    @Override
    public void collectFinished(JobId job, String collectId) {
        stream(collectId).finish();
    }

    private void endStream(CollectBuffer buffer, JobResultInfo info) {
        if (info.status() == JobStatus.FINISHED) {
            buffer.finish();
        } else {
            buffer.fail(failureOf(info));
        }
    }

    private void completeResult(JobResultInfo info) {
        if (info.status() != JobStatus.FINISHED) {
            result.completeExceptionally(failureOf(info));
            return;
        }
        try {
            Map<String, Serializable> accumulators = AccumulatorBytes.deserializeValues(info.accumulators(), userClassLoader, "job " + jobId);
            result.complete(new JobExecutionResult(jobId, info.netRuntimeMillis(), accumulators));
        } catch (RuntimeException e) {
            result.completeExceptionally(new JobExecutionException(jobId, "the job finished but its accumulators cannot be read: " + e.getMessage(), e));
        }
    }

    private JobExecutionException failureOf(JobResultInfo info) {
        if (info.status() == JobStatus.CANCELED) {
            return new JobExecutionException(jobId, info.failureSummary(), new CancellationException(info.failureSummary()));
        }
        Throwable cause = info.failureOrNull() == null ? null : info.failureOrNull().toException();
        String summary = info.failureSummary().isEmpty() ? "the job " + info.status() : info.failureSummary();
        return new JobExecutionException(jobId, summary, cause);
    }

    private void cancelIfRunning() {
        synchronized (this) {
            if (ended != null) {
                return;
            }
        }
        LOG.info("Job {}: a collect stream was closed before its end; cancelling the job", jobId);
        cancel();
    }

}
