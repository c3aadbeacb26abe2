package io.eddy.master.remote;

import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.RpcJobSubmissionGateway;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Submits a job to a remote master: opens a connection for the job, uploads the job graph and the
 * user jars ({@link JobArtifacts}) and returns a {@link JobClient} that follows the job over that
 * connection, printing its progress on the console stream it was given ({@link RemoteJobClient}),
 * and, given {@link MasterLocator}s, to the master they find after the connection is lost.
 */
final class RemoteExecutor implements PipelineExecutor {

    private final InetSocketAddress master;
    private final Secret secret;
    private final Duration connectTimeout;
    private final int collectCapacity;
    private final PrintStream console;
    /** Creates a job's {@link MasterLocator}, or null: the jobs' clients do not follow a lost master. */
    private final Supplier<MasterLocator> locators;

    RemoteExecutor(InetSocketAddress master, Secret secret, Duration connectTimeout, int collectCapacity, PrintStream console,
            Supplier<MasterLocator> locatorsOrNull) {
        this.console = console;
        this.locators = locatorsOrNull;
        this.master = master;
        this.secret = secret;
        this.connectTimeout = connectTimeout;
        this.collectCapacity = collectCapacity;
    }

    @Override
    public JobClient submit(JobGraph jobGraph, List<Path> userJars, ClassLoader userClassLoader) throws Exception {
        JobArtifacts artifacts = JobGraphBytes.artifacts(jobGraph, userJars);
        RpcJobSubmissionGateway gateway = RpcJobSubmissionGateway.connect(master, secret, connectTimeout);
        RemoteJobClient client = new RemoteJobClient(jobGraph, gateway, userClassLoader,
                new RemoteJobClient.Options(collectCapacity, console, locators == null ? null : locators.get(), connectTimeout));
        try {
            CompletableFuture<JobId> answer = gateway.submitJob(artifacts, client);
            answer.whenComplete((id, e) -> client.submissionAnswered());
            JobId accepted = answer.get(ClusterProtocol.ARTIFACTS_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            if (!accepted.equals(jobGraph.jobId())) {
                throw new IllegalStateException("Bug: the master at " + HostPort.format(master) + " accepted job " + jobGraph.jobId()
                        + " as " + accepted);
            }
            return client;
        } catch (ExecutionException e) {
            client.close(); // not accepted: nothing to follow
            gateway.close();
            throw new IOException("The master at " + HostPort.format(master) + " refused job '" + jobGraph.name() + "' (" + jobGraph.jobId()
                    + "): " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            client.close(); // not accepted: nothing to follow
            gateway.close();
            throw new IOException("The master at " + HostPort.format(master) + " did not accept job '" + jobGraph.name() + "' within "
                    + ClusterProtocol.ARTIFACTS_TIMEOUT.toSeconds() + " s", e);
        } catch (InterruptedException | RuntimeException e) {
            client.close(); // not accepted: nothing to follow
            gateway.close();
            throw e;
        }
    }
}
