package io.eddy.master.remote;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.RpcJobSubmissionGateway;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A blocking administrative client of a master, for the CLI and tests: which workers are
 * registered, which jobs exist, cancel a job, take a savepoint, stop the cluster. Not for submitting jobs (that is
 * the {@code remote} executor). Use from one thread; close it when done.
 */
public final class ClusterClient implements AutoCloseable {

    /** How long to try reaching the master (generous: a master on a loaded machine may answer the handshake slowly). */
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

    private final RpcJobSubmissionGateway gateway;
    private final InetSocketAddress master;

    private ClusterClient(RpcJobSubmissionGateway gateway, InetSocketAddress master) {
        this.gateway = gateway;
        this.master = master;
    }

    /**
     * Connects to the master at {@code master} with the secret in {@code secretFile}.
     *
     * @throws IOException naming the address and what to do if the master cannot be reached or
     *     refuses the secret, or naming the file if the secret cannot be read
     */
    public static ClusterClient connect(InetSocketAddress master, Path secretFile) throws IOException {
        return connect(master, Secret.fromFile(secretFile));
    }

    public static ClusterClient connect(InetSocketAddress master, Secret secret) throws IOException {
        return new ClusterClient(RpcJobSubmissionGateway.connect(master, secret, CONNECT_TIMEOUT), master);
    }

    /** The registered workers now. */
    public List<WorkerRegistration> workers() throws IOException {
        return await(gateway.workers(0, Duration.ZERO), ClusterProtocol.REQUEST_TIMEOUT, "list the workers");
    }

    /** The registered workers once there are at least {@code count}, or those there are after {@code wait}. */
    public List<WorkerRegistration> awaitWorkers(int count, Duration wait) throws IOException {
        return await(gateway.workers(count, wait), wait.plus(ClusterProtocol.REQUEST_TIMEOUT), "wait for " + count + " workers");
    }

    public List<JobSummary> listJobs() throws IOException {
        return await(gateway.listJobs(), ClusterProtocol.REQUEST_TIMEOUT, "list the jobs");
    }

    /** {@code job} as the master sees it now, or empty when the master does not know it (docs/monitoring.md). */
    public java.util.Optional<io.eddy.executor.JobDetails> jobDetails(JobId job) throws IOException {
        return await(gateway.jobDetails(job), ClusterProtocol.REQUEST_TIMEOUT, "ask for the details of job " + job);
    }

    /** Asks the master to cancel {@code job}; fails naming the job if the master does not know it. */
    public void cancelJob(JobId job) throws IOException {
        await(gateway.cancelJob(job), ClusterProtocol.REQUEST_TIMEOUT, "cancel job " + job);
    }

    /**
     * Takes a savepoint of {@code job} and returns its path, waiting until it is complete; with
     * {@code cancelAfter} the job is cancelled then.
     *
     * @param targetDirectoryOrNull where to create it, or null for the job's {@code state.savepoints.dir}
     * @throws IOException with the master's reason if the savepoint fails or the job is unknown
     */
    public String triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) throws IOException {
        return await(gateway.triggerSavepoint(job, targetDirectoryOrNull, cancelAfter), ClusterProtocol.SAVEPOINT_TIMEOUT.plusSeconds(30),
                "take a savepoint of job " + job);
    }

    /**
     * Asks the master to stop the whole cluster; returns once it has begun stopping (running jobs
     * are being cancelled). The caller waits for the end by other means (e.g. the YARN final status).
     *
     * @param reason who asks and why, for the master's log and final diagnostics
     * @throws IOException with the master's reason if it refuses (e.g. a master of 'eddy cluster start')
     */
    public void shutdownCluster(String reason) throws IOException {
        await(gateway.shutdownCluster(reason), ClusterProtocol.REQUEST_TIMEOUT, "shut down the cluster");
    }

    private <T> T await(CompletableFuture<T> future, Duration timeout, String what) throws IOException {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new IOException("Cannot " + what + " on the master at " + HostPort.format(master) + ": " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            throw new IOException("The master at " + HostPort.format(master) + " did not answer within " + timeout.toSeconds()
                    + " s when asked to " + what, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for the master at " + HostPort.format(master) + " to " + what, e);
        }
    }

    @Override
    public void close() {
        gateway.close();
    }
}
