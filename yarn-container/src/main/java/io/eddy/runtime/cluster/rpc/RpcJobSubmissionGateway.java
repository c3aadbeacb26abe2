package io.eddy.runtime.cluster.rpc;

import io.eddy.configuration.Configuration;
import io.eddy.runtime.rpc.RpcSettings;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.executor.JobDetails;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AttachJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatus;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatusReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAccepted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAttached;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobList;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ListJobs;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SavepointTaken;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ShutdownCluster;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SubmitJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerSavepoint;
import io.eddy.runtime.rpc.MessageRegistry;
import io.eddy.runtime.rpc.RpcClient;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.Secret;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The master as a client process sees it: a connection to the master over which jobs are
 * submitted, attached to, listed, cancelled and savepointed, and over which the master reports back
 * to the {@link ClientGateway}s of the jobs submitted or attached through it. Thread-safe; calls never block. Close it
 * when the client no longer follows its jobs (running jobs keep running).
 */
public final class RpcJobSubmissionGateway implements JobSubmissionGateway, AutoCloseable {

    private final RpcConnection connection;
    private final ClientRpcHandler handler;

    private RpcJobSubmissionGateway(RpcConnection connection, ClientRpcHandler handler) {
        this.connection = connection;
        this.handler = handler;
    }

    /**
     * Connects to the master at {@code master}.
     *
     * @throws RpcException naming the address if it cannot be reached or rejects {@code secret}
     */
    public static RpcJobSubmissionGateway connect(InetSocketAddress master, Secret secret, Duration timeout) throws RpcException {
        ClientRpcHandler handler = new ClientRpcHandler();
        try {
            MessageRegistry registry = ClusterProtocol.registry();
            RpcConnection connection = RpcClient.connect(HostPort.resolved(master), secret, registry, handler, timeout,
                    RpcSettings.fromConfiguration(Configuration.fromSystemProperties()));
            return new RpcJobSubmissionGateway(connection, handler);
        } catch (RpcException | RuntimeException e) {
            handler.close();
            throw e;
        }
    }

    @Override
    public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
        handler.register(artifacts.job(), client);
        CompletableFuture<JobAccepted> accepted = connection.request(new SubmitJob(artifacts), ClusterProtocol.ARTIFACTS_TIMEOUT);
        return accepted.whenComplete((a, e) -> {
            if (e != null) {
                handler.unregister(artifacts.job());
            }
        }).thenApply(JobAccepted::job);
    }

    /** Routes the master's calls about {@code job} to {@code client} first, so a result the master reports at once is not missed. */
    @Override
    public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
        handler.register(job, client);
        CompletableFuture<JobAttached> attached = connection.request(new AttachJob(job), ClusterProtocol.REQUEST_TIMEOUT);
        return attached.whenComplete((a, e) -> {
            if (e != null || a.summaryOrNull() == null) {
                handler.unregister(job);
            }
        }).thenApply(a -> Optional.ofNullable(a.summaryOrNull()));
    }

    @Override
    public CompletableFuture<Void> cancelJob(JobId job) {
        return RpcMasterGateway.ack(connection.request(new CancelJob(job), ClusterProtocol.REQUEST_TIMEOUT));
    }

    @Override
    public CompletableFuture<Optional<JobDetails>> jobDetails(JobId job) {
        CompletableFuture<JobDetailsAnswer> answer = connection.request(new JobDetailsRequest(job), ClusterProtocol.REQUEST_TIMEOUT);
        return answer.thenApply(a -> Optional.ofNullable(a.detailsOrNull()));
    }

    @Override
    public CompletableFuture<List<JobSummary>> listJobs() {
        CompletableFuture<JobList> list = connection.request(new ListJobs(), ClusterProtocol.REQUEST_TIMEOUT);
        return list.thenApply(JobList::jobs);
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
        CompletableFuture<SavepointTaken> taken = connection.request(new TriggerSavepoint(job, targetDirectoryOrNull, cancelAfter),
                ClusterProtocol.SAVEPOINT_TIMEOUT);
        return taken.thenApply(SavepointTaken::path);
    }

    /**
     * The registered workers, once at least {@code awaitWorkers} are registered or {@code wait}
     * has passed (then those there are).
     */
    public CompletableFuture<List<WorkerRegistration>> workers(int awaitWorkers, Duration wait) {
        CompletableFuture<ClusterStatusReply> reply = connection.request(new ClusterStatus(awaitWorkers, wait.toMillis()),
                wait.plus(ClusterProtocol.REQUEST_TIMEOUT));
        return reply.thenApply(ClusterStatusReply::workers);
    }

    /**
     * Asks the master to stop the whole cluster ({@code ClusterShutdownHandler}). Completes once the
     * master has begun stopping; fails with the master's reason if it refuses (a master that clients
     * may not stop, e.g. one of {@code eddy cluster start}).
     *
     * @param reason who asks and why, for the master's log and final diagnostics
     */
    public CompletableFuture<Void> shutdownCluster(String reason) {
        return RpcMasterGateway.ack(connection.request(new ShutdownCluster(reason), ClusterProtocol.REQUEST_TIMEOUT));
    }

    /** Stops routing the master's calls about {@code job} (e.g. after its result arrived). */
    public void forget(JobId job) {
        handler.unregister(job);
    }

    /** {@code listener} is called (on an event loop thread; must not block) when the connection to the master closes. */
    public void onDisconnect(Consumer<Throwable> listener) {
        handler.onDisconnect(listener);
    }

    public InetSocketAddress masterAddress() {
        return connection.remoteAddress();
    }

    public boolean isConnected() {
        return connection.isOpen();
    }

    /**
     * Closes the connection once the answers to the master's calls handled so far have been written
     * (e.g. the acknowledgement of the job's result, which the master waits for), off the dispatcher
     * thread (closing joins it). Any thread; does not wait.
     */
    public void closeAfterPendingReplies() {
        handler.runAfterCurrentCalls(() -> CompletableFuture.runAsync(this::close));
    }

    @Override
    public void close() {
        connection.close();
        handler.close();
    }
}
