package io.eddy.master.remote;

import io.eddy.master.CollectBuffer;
import io.eddy.api.common.JobExecutionResult;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.RpcJobSubmissionGateway;
import java.io.PrintStream;
import java.io.Serializable;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job submitted to a remote master, followed over the connection it was submitted through. The
 * master reports to it as the job's {@link ClientGateway}; once the result has arrived (or the
 * connection is lost) the connection is closed. The master's progress updates ({@link
 * #jobStatusChanged}) and the end of the job are printed as one line each on the console stream
 * (stderr for the command line, so the program's own output on stdout stays clean), e.g. {@code
 * Job 'word count' (3f2a...): RUNNING, 4 of 4 tasks running}.
 *
 * <p>Threads: the {@code ClientGateway} methods run on the client's dispatcher thread and never
 * block; the {@code JobClient} methods on the user's threads. {@link #streams} is concurrent; the
 * result future is the only other shared state.
 */
final class RemoteJobClient implements JobClient, ClientGateway {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteJobClient.class);

    private final JobId jobId;
    private final String jobName;
    /** Written on the dispatcher thread only. */
    private final PrintStream console;
    private final RpcJobSubmissionGateway gateway;
    private final ClassLoader userClassLoader;
    private final int collectCapacity;
    private final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();
    private final Map<String, CollectBuffer> streams = new ConcurrentHashMap<>();

    /** Follows {@code job} (only its id and name are kept) over {@code gateway}, printing progress on {@code console}. */
    RemoteJobClient(JobGraph job, RpcJobSubmissionGateway gateway, ClassLoader userClassLoader, int collectCapacity, PrintStream console) {
        this.jobId = job.jobId();
        this.jobName = job.name();
        this.console = console;
        this.gateway = gateway;
        this.userClassLoader = userClassLoader;
        this.collectCapacity = collectCapacity;
        // Close the connection once the job has ended, but only after the master's jobFinished call
        // was answered: closing earlier made the master log that the client did not take the result.
        result.whenComplete((r, e) -> gateway.closeAfterPendingReplies());
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
    public void cancel() {
        if (result.isDone()) {
            return;
        }
        gateway.cancelJob(jobId).whenComplete((v, e) -> {
            if (e != null && !result.isDone()) {
                LOG.warn("Cancelling job {} on the master at {} failed: {}", jobId, HostPort.format(gateway.masterAddress()), e.toString());
            }
        });
    }

    @Override
    public CollectStream openCollectStream(String collectId) {
        return stream(collectId);
    }

    /** Stops following the job; it keeps running on the cluster unless it was cancelled. */
    @Override
    public void close() {
        if (!result.isDone()) {
            CompletableFuture.runAsync(gateway::close);
        }
    }

    // ---- ClientGateway: called by the master, on the dispatcher thread ----

    @Override
    public void jobStatusChanged(JobStatusUpdate update) {
        LOG.info("Job {}: {} ({} of {} tasks running){}", jobId, update.status(), update.tasksRunning(), update.tasksTotal(),
                update.messageOrNull() == null ? "" : ": " + update.messageOrNull());
        console.println(update.describe(jobName));
        console.flush();
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo info) {
        console.println("Job '" + jobName + "' (" + jobId + "): " + info.status() + " after " + info.netRuntimeMillis() + " ms");
        console.flush();
        if (info.status() == JobStatus.FINISHED) {
            try {
                Map<String, Serializable> accumulators = AccumulatorBytes.deserializeValues(info.accumulators(), userClassLoader, "job " + jobId);
                result.complete(new JobExecutionResult(jobId, info.netRuntimeMillis(), accumulators));
            } catch (RuntimeException e) {
                fail(new JobExecutionException(jobId, "the job finished, but its accumulator results cannot be read on the client: "
                        + e.getMessage(), e));
            }
        } else {
            String summary = info.failureSummary().isEmpty() ? "the job ended with status " + info.status() : info.failureSummary();
            Throwable cause = info.failureOrNull() == null ? null : info.failureOrNull().toException();
            fail(new JobExecutionException(jobId, summary, cause));
        }
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

    /** The connection to the master closed (called on the event loop). */
    void connectionLost(Throwable causeOrNull) {
        if (!result.isDone()) {
            fail(new JobExecutionException(jobId, "lost the connection to the master at " + HostPort.format(gateway.masterAddress())
                    + " before the job ended: the master may have died (the job's state is unknown)", causeOrNull));
        }
    }

    private void fail(JobExecutionException failure) {
        streams.values().forEach(s -> s.fail(failure));
        result.completeExceptionally(failure);
    }

    private CollectBuffer stream(String collectId) {
        return streams.computeIfAbsent(collectId, id -> {
            CollectBuffer stream = new CollectBuffer(id, collectCapacity, this::cancel);
            result.whenComplete((r, e) -> {
                if (e == null) {
                    stream.finish();
                } else if (e instanceof JobExecutionException failure) {
                    stream.fail(failure);
                }
            });
            return stream;
        });
    }
}
