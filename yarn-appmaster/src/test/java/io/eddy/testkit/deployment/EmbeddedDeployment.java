package io.eddy.testkit.deployment;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.embedded.EmbeddedExecutorFactory;
import io.eddy.master.embedded.LocalCluster;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.worker.Worker;
import io.eddy.master.Master;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.MasterRpcHandler;
import io.eddy.runtime.rpc.RpcServer;
import io.eddy.runtime.rpc.Secret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The embedded deployment: a {@link LocalCluster} in the test JVM for the whole test class (through
 * a {@link LocalClusterExtension}, which also checks that no thread outlives it). A killed worker is
 * lost as a process cluster loses one whose connection closed ({@link LocalCluster#loseWorker}) and
 * replaced by a new one ({@link LocalCluster#addWorker}).
 */
public final class EmbeddedDeployment extends ClassScopedDeployment {

    private final LocalClusterExtension cluster;
    private final int workers;
    private final int slotsPerWorker;
    /** The control protocol in front of the local master, started for {@link #cliTarget} on first use; the test thread only. */
    private MasterRpcHandler rpcHandler;
    private RpcServer rpcServer;
    private Path secretFile;

    public EmbeddedDeployment(int workers, int slotsPerWorker) {
        this.workers = workers;
        this.slotsPerWorker = slotsPerWorker;
        this.cluster = new LocalClusterExtension(LocalClusterConfig.builder().workers(workers).slotsPerWorker(slotsPerWorker).build());
    }

    @Override
    void start(ExtensionContext context) throws Exception {
        cluster.beforeAll(context);
    }

    @Override
    void stop(ExtensionContext context) throws Exception {
        try {
            if (rpcServer != null) {
                rpcServer.close();
                rpcHandler.close();
                Files.deleteIfExists(secretFile);
            }
        } finally {
            rpcServer = null;
            rpcHandler = null;
            cluster.afterAll(context);
        }
    }

    @Override
    public String name() {
        return "embedded";
    }

    /** The embedded target sized like this class's cluster (a new local cluster per job). */
    @Override
    public Configuration settings() {
        return new Configuration().set(ExecutionOptions.TARGET, EmbeddedExecutorFactory.TARGET)
                .set(ExecutionOptions.EMBEDDED_WORKERS, workers).set(ExecutionOptions.EMBEDDED_SLOTS, slotsPerWorker);
    }

    @Override
    public JobClient submit(JobGraph graph) throws Exception {
        return cluster.submit(graph);
    }

    /** Loses the first worker that runs a task now (all share the test's {@code pid}) and adds a replacement. */
    @Override
    public void killWorker(long pid) throws Exception {
        if (pid != ProcessHandle.current().pid()) {
            throw new IllegalArgumentException("pid: " + pid + " (expected: the test JVM's " + ProcessHandle.current().pid()
                    + ", where every embedded worker runs)");
        }
        LocalCluster local = cluster.cluster();
        Worker victim = null;
        for (Worker w : local.workers()) {
            if (w.numberOfRunningTasks().get(10, TimeUnit.SECONDS) > 0) {
                victim = w;
                break;
            }
        }
        if (victim == null) {
            throw new AssertionError("No embedded worker runs a task to kill; workers: " + local.workers());
        }
        local.loseWorker(victim.id(), "killed by the test");
        local.addWorker();
    }

    @Override
    public void awaitWorkers() {
        // addWorker returns once the replacement registered.
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public String triggerSavepoint(JobId job, String directory, boolean cancelAfter) throws Exception {
        return cluster.cluster().master().triggerSavepoint(job, directory, cancelAfter).get(60, TimeUnit.SECONDS);
    }

    @Override
    public JobStatus awaitTermination(JobId job, Duration timeout) throws Exception {
        return cluster.cluster().master().jobTermination(job).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The local master behind the cluster protocol on loopback, as a master process serves it (started on first call). */
    @Override
    public List<String> cliTarget() throws Exception {
        if (rpcServer == null) {
            Secret secret = Secret.generate();
            secretFile = Files.createTempFile("eddy-embedded-secret", "");
            secret.writeTo(secretFile);
            Master master = cluster.cluster().master();
            rpcHandler = new MasterRpcHandler(master, master);
            rpcServer = RpcServer.start("127.0.0.1", 0, secret, ClusterProtocol.registry(), rpcHandler);
        }
        return List.of("--master", HostPort.format(rpcServer.address()), "--secret-file", secretFile.toString());
    }

    /** The local cluster, for what only the embedded deployment offers. */
    public LocalCluster cluster() {
        return cluster.cluster();
    }
}
