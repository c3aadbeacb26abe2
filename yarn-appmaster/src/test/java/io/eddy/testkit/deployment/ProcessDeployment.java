package io.eddy.testkit.deployment;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import io.eddy.master.remote.ClusterProcesses.Launched;
import io.eddy.master.remote.ProcessClusterExtension;
import io.eddy.master.remote.RemoteExecutorFactory;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.rpc.HostPort;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The multi-process deployment: a master process and worker processes on loopback for the test
 * class (through a {@link ProcessClusterExtension}). A killed worker process dies of {@code
 * destroyForcibly} (SIGKILL) and a replacement process with as many slots is started.
 */
public final class ProcessDeployment extends ClassScopedDeployment {

    private final ProcessClusterExtension cluster;
    private final int workers;
    private final int slotsPerWorker;

    public ProcessDeployment(int workers, int slotsPerWorker) {
        this.workers = workers;
        this.slotsPerWorker = slotsPerWorker;
        this.cluster = new ProcessClusterExtension(workers, slotsPerWorker);
    }

    @Override
    void start(ExtensionContext context) throws Exception {
        cluster.beforeAll(context);
    }

    @Override
    void stop(ExtensionContext context) throws Exception {
        cluster.afterAll(context);
    }

    @Override
    public String name() {
        return "processes";
    }

    @Override
    public Configuration settings() {
        return cluster.remoteConfiguration();
    }

    @Override
    public JobClient submit(JobGraph graph) throws Exception {
        return new RemoteExecutorFactory().create(cluster.remoteConfiguration()).submit(graph, List.of(), getClass().getClassLoader());
    }

    @Override
    public void killWorker(long pid) throws Exception {
        Map.Entry<String, Launched> victim = cluster.workers().entrySet().stream()
                .filter(w -> w.getValue().pid() == pid && w.getValue().process().isAlive()).findFirst()
                .orElseThrow(() -> new AssertionError("pid " + pid + " is none of the live worker processes " + cluster.workers().keySet()));
        victim.getValue().process().destroyForcibly();
        if (!victim.getValue().process().waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError(victim.getKey() + " (pid " + pid + ") did not die within 30 s of SIGKILL");
        }
        cluster.startWorker("worker-" + (cluster.workers().size() + 1), slotsPerWorker);
    }

    @Override
    public void awaitWorkers() throws Exception {
        cluster.awaitWorkers(workers);
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public String triggerSavepoint(JobId job, String directory, boolean cancelAfter) throws Exception {
        try (ClusterClient client = cluster.client()) {
            return client.triggerSavepoint(job, directory, cancelAfter);
        }
    }

    @Override
    public JobStatus awaitTermination(JobId job, Duration timeout) throws Exception {
        try (ClusterClient client = cluster.client()) {
            return Terminations.await(client, job, timeout);
        }
    }

    @Override
    public List<String> cliTarget() {
        return List.of("--master", HostPort.format(cluster.masterAddress()), "--secret-file", cluster.secretFile().toString());
    }

    /** The process cluster, for what only this deployment offers. */
    public ProcessClusterExtension cluster() {
        return cluster;
    }
}
