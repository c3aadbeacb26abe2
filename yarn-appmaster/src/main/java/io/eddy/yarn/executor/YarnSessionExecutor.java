package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.remote.RemoteExecutorFactory;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code yarn-session} target: finds the session {@link YarnOptions#APPLICATION_ID} (its
 * master's address from the application report, its secret from the staging directory) and submits
 * the job to it exactly as the {@code remote} target does. With {@link YarnOptions#DETACHED} it
 * stops following the job once the master has accepted it; otherwise, when the session's AM dies and
 * YARN starts another attempt, the client follows the job there ({@link YarnMasterLocator}). The
 * session keeps running either way.
 */
final class YarnSessionExecutor implements PipelineExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(YarnSessionExecutor.class);

    private final Configuration settings;
    private final String applicationId;
    private final PrintStream console;

    YarnSessionExecutor(Configuration settings, String applicationId, PrintStream console) {
        this.settings = settings;
        this.applicationId = applicationId;
        this.console = console;
    }

    @Override
    public JobClient submit(JobGraph jobGraph, List<Path> userJars, ClassLoader userClassLoader) throws Exception {
        List<Path> jars = YarnJobJars.resolve(userJars, System.getProperty("sun.java.command"));
        YarnCluster cluster;
        try (YarnClusterDeployer deployer = YarnClusterDeployer.connect(HadoopClientConfiguration.load(settings), settings)) {
            cluster = deployer.retrieve(applicationId);
        }
        YarnCluster session = cluster;
        JobClient client = RemoteExecutorFactory.forMaster(cluster.master(), cluster.secret(), settings, console,
                () -> new YarnMasterLocator(settings, session)).submit(jobGraph, jars, userClassLoader);
        LOG.info("Job {} ({}) accepted by the YARN session {}", jobGraph.name(), jobGraph.jobId(), applicationId);
        YarnConsole.announce(console, cluster, "job '" + jobGraph.name() + "' (" + jobGraph.jobId() + ")");
        if (settings.get(YarnOptions.DETACHED)) {
            client.close();
            YarnConsole.detached(console, cluster, jobGraph);
            return new DetachedJobClient(jobGraph.jobId(), cluster);
        }
        return client;
    }
}
