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
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.RpcJobSubmissionGateway;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job submitted to a remote master, followed over the connection it was submitted through. The
 * master reports to it as the job's {@link ClientGateway}; once the result has arrived (or the
 * connection is lost for good) the connection is closed. The master's progress updates ({@link
 * #jobStatusChanged}) and the end of the job are printed as one line each on the console stream
 * (stderr for the command line, so the program's own output on stdout stays clean), e.g. {@code
 * Job 'word count' (3f2a...): RUNNING, 4 of 4 tasks running}.
 *
 * <p>When the connection is lost before the job ended, a client with a {@link MasterLocator} (the
 * YARN targets) follows the job: on a thread of its own ({@code eddy-client-reattach}) it finds the
 * master again and attaches to the job there ({@link JobReattachment}), prints {@code Job '...'
 * (...): the ApplicationMaster was restarted (attempt 2); following the job there} and goes on as
 * before over the new connection; if it cannot, the job's result fails with the reason. Without a
 * locator (the {@code remote} target) the result fails at once ("lost the connection to the master
 * at ..."). A cancellation while the client looks for the master fails (logged).
 *
 * <p>Threads: the {@code ClientGateway} methods run on the dispatcher thread of the current
 * connection and never block; the {@code JobClient} methods on the user's threads; the reattach
 * thread as above. {@link #streams} is concurrent; {@link #gateway} is volatile and written by the
 * submitting thread, then only by the reattach thread, of which at most one runs ({@link
 * #reattaching}); the console is a {@code PrintStream}, which synchronizes its writes.
 */
final class RemoteJobClient implements JobClient, ClientGateway {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteJobClient.class);

    private final JobId jobId;
    private final String jobName;
    private final PrintStream console;
    /** The connection the job is followed over: the submission's, then the one of the last re-attach. */
    private volatile RpcJobSubmissionGateway gateway;
    /** Finds the master again after a lost connection; null to fail at once (the {@code remote} target). */
    private final MasterLocator locatorOrNull;
    private final Duration connectTimeout;
    private final ClassLoader userClassLoader;
    private final int collectCapacity;
    private final CompletableFuture<JobExecutionResult> result = new CompletableFuture<>();
    /** Completed once the master answered the job's submission, either way ({@link #submissionAnswered()}). */
    private final CompletableFuture<Void> submissionAnswered = new CompletableFuture<>();
    private final Map<String, CollectBuffer> streams = new ConcurrentHashMap<>();
    /** Whether a reattach thread runs. */
    private final AtomicBoolean reattaching = new AtomicBoolean();
    /** The running reattach thread, interrupted by {@link #close()}; null when none runs. */
    private volatile Thread reattachThread;
    private volatile boolean closed;

    /**
     * How a client follows its job.
     *
     * @param collectCapacity the capacity of each collect stream's queue
     * @param console where progress lines go
     * @param locatorOrNull finds the master again after a lost connection; null to fail at once
     * @param connectTimeout how long connecting to a found master may take
     */
    record Options(int collectCapacity, PrintStream console, MasterLocator locatorOrNull, Duration connectTimeout) {}

    /** Follows {@code job} (only its id and name are kept) over {@code gateway}, as {@code options} say. */
    RemoteJobClient(JobGraph job, RpcJobSubmissionGateway gateway, ClassLoader userClassLoader, Options options) {
        this.jobId = job.jobId();
        this.jobName = job.name();
        this.console = options.console();
        this.gateway = gateway;
        this.locatorOrNull = options.locatorOrNull();
        this.connectTimeout = options.connectTimeout();
        this.userClassLoader = userClassLoader;
        this.collectCapacity = options.collectCapacity();
        gateway.onDisconnect(cause -> connectionLost(gateway, cause));
        // Close the connection once the job has ended, but only after the master's jobFinished call
        // is answered (a connection closed before that makes the master log that the client did not
        // take the result) and after the master answered the submission: a job that fails at once
        // can end before that answer arrives, and closing would fail the pending submission.
        result.handle((r, e) -> null).thenCombine(submissionAnswered, (a, b) -> null).whenComplete((v, e) -> {
            this.gateway.closeAfterPendingReplies();
            if (locatorOrNull != null) {
                locatorOrNull.close();
            }
        });
    }

    /** The master answered the submission (accepted or refused): from now on the job's end closes the connection. */
    void submissionAnswered() {
        submissionAnswered.complete(null);
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
        return gateway.jobDetails(jobId);
    }

    @Override
    public void cancel() {
        if (result.isDone()) {
            return;
        }
        RpcJobSubmissionGateway current = gateway;
        current.cancelJob(jobId).whenComplete((v, e) -> {
            if (e != null && !result.isDone()) {
                LOG.warn("Cancelling job {} on the master at {} failed: {}", jobId, HostPort.format(current.masterAddress()), e.toString());
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
        closed = true;
        Thread reattach = reattachThread;
        if (reattach != null) {
            reattach.interrupt();
        }
        if (!result.isDone()) {
            RpcJobSubmissionGateway current = gateway;
            CompletableFuture.runAsync(current::close);
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

    /**
     * The connection {@code lost} to the master closed (called on its event loop; must not block):
     * unless the job has ended or {@code lost} is not the current connection any more, the client
     * follows the job to the master its locator finds, or fails without a locator.
     */
    void connectionLost(RpcJobSubmissionGateway lost, Throwable causeOrNull) {
        if (result.isDone() || lost != gateway) {
            return;
        }
        InetSocketAddress address = lost.masterAddress();
        if (locatorOrNull == null || closed) {
            fail(new JobExecutionException(jobId, "lost the connection to the master at " + HostPort.format(address)
                    + " before the job ended: the master may have died (the job's state is unknown)", causeOrNull));
            return;
        }
        if (!reattaching.compareAndSet(false, true)) {
            return;
        }
        LOG.warn("Job {}: lost the connection to the master at {} ({}); looking for the master to follow the job", jobId,
                HostPort.format(address), causeOrNull == null ? "closed" : causeOrNull.toString());
        Thread thread = new Thread(() -> follow(address), "eddy-client-reattach");
        thread.setDaemon(true);
        reattachThread = thread;
        thread.start();
    }

    /** The reattach thread: finds the master again and attaches there, or fails the job's result. */
    private void follow(InetSocketAddress lost) {
        try {
            JobReattachment.Reattached<RpcJobSubmissionGateway> reattached = JobReattachment.reattach(jobId, lost, locatorOrNull,
                    this::attach, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()));
            RpcJobSubmissionGateway next = reattached.connection();
            gateway = next;
            LOG.info("Job {}: {}; following the job at {}", jobId, reattached.master().description(), HostPort.format(next.masterAddress()));
            console.println("Job '" + jobName + "' (" + jobId + "): " + reattached.master().description() + "; following the job there ("
                    + HostPort.format(next.masterAddress()) + ")");
            console.flush();
            if (result.isDone()) {
                next.closeAfterPendingReplies();
            }
        } catch (JobExecutionException e) {
            fail(e);
        } catch (InterruptedException e) {
            fail(new JobExecutionException(jobId, "the client stopped following the job (it was closed) while it looked for the master"
                    + " it lost at " + HostPort.format(lost) + "; the job's state is unknown", e));
        } catch (RuntimeException e) {
            fail(new JobExecutionException(jobId, "Bug: following the job to its master failed: " + e, e));
        } finally {
            reattachThread = null;
            reattaching.set(false);
        }
        // A connection lost between the attach and the end of this thread was ignored above: follow it now.
        RpcJobSubmissionGateway current = gateway;
        if (!result.isDone() && !current.isConnected()) {
            connectionLost(current, null);
        }
    }

    /** Connects to {@code master} and attaches this client to the job there ({@link JobReattachment.Attacher}). */
    private Optional<RpcJobSubmissionGateway> attach(MasterLocator.Serving master) throws IOException, InterruptedException {
        RpcJobSubmissionGateway next = RpcJobSubmissionGateway.connect(master.address(), master.secret(), connectTimeout);
        next.onDisconnect(cause -> connectionLost(next, cause));
        try {
            Optional<JobSummary> summary = next.attachJob(jobId, this).get(ClusterProtocol.REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (summary.isEmpty()) {
                next.close();
                return Optional.empty();
            }
            LOG.info("Job {}: attached to the master at {}, where the job is {}", jobId, HostPort.format(master.address()),
                    summary.get().status());
            return Optional.of(next);
        } catch (ExecutionException e) {
            next.close();
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause.getMessage()), cause);
        } catch (TimeoutException e) {
            next.close();
            throw new IOException("no answer within " + ClusterProtocol.REQUEST_TIMEOUT.toSeconds() + " s", e);
        } catch (InterruptedException | RuntimeException e) {
            next.close();
            throw e;
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
