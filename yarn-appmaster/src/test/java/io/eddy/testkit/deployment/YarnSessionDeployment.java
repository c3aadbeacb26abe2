package io.eddy.testkit.deployment;

import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import io.eddy.master.remote.RemoteExecutorFactory;
import io.eddy.master.remote.RemoteOptions;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import io.eddy.yarn.testkit.YarnTargetSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The YARN deployment: one session application on the JVM's {@linkplain MiniHadoopCluster#shared()
 * shared MiniYARNCluster} for the whole test class (deploying one is slow; its jobs then start
 * quickly), with {@code workers} worker containers of {@code slotsPerWorker} slots. A killed worker
 * is a SIGKILL of its container's JVM; the ApplicationMaster requests the replacement. Container
 * processes run on this machine, so a {@link io.eddy.testkit.results.ResultDirectory} in a local
 * directory reaches them; {@link #hadoop()} gives the HDFS to put committed output on.
 */
public final class YarnSessionDeployment extends ClassScopedDeployment {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);

    private final MiniHadoopCluster hadoop = MiniHadoopCluster.shared();
    private final int workers;
    private final int slotsPerWorker;
    private YarnClusterDeployer deployer;
    private YarnCluster session;
    private Path secretFile;

    public YarnSessionDeployment(int workers, int slotsPerWorker) {
        this.workers = workers;
        this.slotsPerWorker = slotsPerWorker;
    }

    @Override
    void start(ExtensionContext context) throws Exception {
        hadoop.beforeAll(context);
        String name = "eddy-suite-" + context.getRequiredTestClass().getSimpleName();
        deployer = YarnClusterDeployer.connect(hadoop.hadoopConf(), new Configuration()
                .set(YarnOptions.AM_MEMORY, MemorySize.parse("320m"))
                .set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("384m"))
                .set(YarnOptions.STAGING_DIR, YarnTargetSettings.STAGING_ROOT)
                .set(YarnOptions.DEPLOY_TIMEOUT, START_TIMEOUT));
        session = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.SESSION, name, List.of(), new Configuration()
                .set(YarnOptions.CONTAINERS, workers)
                .set(YarnOptions.SLOTS, slotsPerWorker)
                // Tests kill workers on purpose: the session must outlive them (and their replacements' start).
                .set(YarnOptions.MAX_FAILED_CONTAINERS, 100)));
        secretFile = Files.createTempFile("eddy-yarn-suite-secret", "");
        session.secret().writeTo(secretFile);
        awaitWorkers();
    }

    @Override
    void stop(ExtensionContext context) throws Exception {
        try {
            if (session != null) {
                try (ClusterClient client = client()) {
                    client.shutdownCluster("test class " + context.getRequiredTestClass().getSimpleName() + " ended");
                }
                String status = deployer.awaitFinalStatus(session.applicationId(), Duration.ofSeconds(60));
                if (!"SUCCEEDED".equals(status)) {
                    throw new AssertionError("The session " + session.applicationId() + " ended " + status + ": "
                            + deployer.diagnostics(session.applicationId()));
                }
            }
        } finally {
            if (deployer != null) {
                deployer.close();
            }
            if (secretFile != null) {
                Files.deleteIfExists(secretFile);
            }
            hadoop.afterAll(context);
        }
    }

    @Override
    public String name() {
        return "yarn";
    }

    @Override
    public Configuration settings() {
        return new Configuration()
                .set(ExecutionOptions.TARGET, RemoteExecutorFactory.TARGET)
                .set(ExecutionOptions.MASTER_ADDRESS, HostPort.format(session.master()))
                .set(RemoteOptions.SECRET_FILE, secretFile.toString());
    }

    @Override
    public JobClient submit(JobGraph graph) throws Exception {
        return new RemoteExecutorFactory().create(settings()).submit(graph, List.of(), getClass().getClassLoader());
    }

    @Override
    public void killWorker(long pid) throws Exception {
        String container = hadoop.workerContainerOf(pid, session.applicationId());
        int killed = hadoop.killContainerProcesses(container);
        if (killed != 1) {
            throw new AssertionError("Killed " + killed + " processes of worker container " + container + " (pid " + pid + "), expected 1");
        }
    }

    /** Waits until {@code workers} live workers are registered: the master drops a killed one when its connection closes. */
    @Override
    public void awaitWorkers() throws Exception {
        try (ClusterClient client = client()) {
            List<WorkerRegistration> registered = client.awaitWorkers(workers, START_TIMEOUT);
            if (registered.size() < workers) {
                throw new AssertionError("Only " + registered.size() + " of " + workers + " workers registered with the session "
                        + session.applicationId() + " within " + START_TIMEOUT);
            }
        }
    }

    @Override
    public int workers() {
        return workers;
    }

    @Override
    public String triggerSavepoint(JobId job, String directory, boolean cancelAfter) throws Exception {
        try (ClusterClient client = client()) {
            return client.triggerSavepoint(job, directory, cancelAfter);
        }
    }

    @Override
    public JobStatus awaitTermination(JobId job, Duration timeout) throws Exception {
        try (ClusterClient client = client()) {
            return Terminations.await(client, job, timeout);
        }
    }

    @Override
    public List<String> cliTarget() {
        return List.of("--master", HostPort.format(session.master()), "--secret-file", secretFile.toString());
    }

    /** The mini cluster: its HDFS for committed output and checkpoints. */
    public MiniHadoopCluster hadoop() {
        return hadoop;
    }

    /** The session application's id. */
    public String applicationId() {
        return session.applicationId();
    }

    private ClusterClient client() throws java.io.IOException {
        return ClusterClient.connect(session.master(), session.secret());
    }
}
