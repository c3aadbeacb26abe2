package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.MasterOptions;
import io.eddy.master.remote.RemoteExecutorFactory;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code yarn} target: deploys a per-job application with the job's jars, then submits the
 * job to its master exactly as the {@code remote} target does, and returns that submission's
 * {@link JobClient} (its result is the job's). With {@link YarnOptions#DETACHED} it stops following
 * the job once the master has accepted it ({@link DetachedJobClient}); otherwise, when the AM dies
 * and YARN starts another attempt, the client follows the job there ({@link YarnMasterLocator}).
 *
 * <p>Unless the job sets {@code master.slot-wait-timeout}, the per-job master waits for its
 * workers' slots as long as {@code yarn.deploy-timeout}: the job arrives before the worker
 * containers have started.
 *
 * <p>The job graph is deployed with the application, so its AM asks for the worker containers on
 * the hosts that store the job's input (docs/yarn.md, "Locality").
 *
 * <p>The application id is logged and printed on the console ({@code Submitted to YARN as
 * application_...}) as soon as the application exists. If the job cannot be submitted to the new
 * application, the application is killed; the AM deletes its staging directory when it ends.
 */
final class YarnPerJobExecutor implements PipelineExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(YarnPerJobExecutor.class);

    private final Configuration settings;
    private final PrintStream console;

    YarnPerJobExecutor(Configuration settings, PrintStream console) {
        this.settings = settings;
        this.console = console;
    }

    @Override
    public JobClient submit(JobGraph jobGraph, List<Path> userJars, ClassLoader userClassLoader) throws Exception {
        List<Path> jars = YarnJobJars.resolve(userJars, System.getProperty("sun.java.command"));
        String name = settings.get(YarnOptions.NAME);
        if (name == null || name.isBlank()) {
            name = "Eddy job " + jobGraph.name();
        }
        Configuration deployment = withSlotWait(settings);
        try (YarnClusterDeployer deployer = YarnClusterDeployer.connect(HadoopClientConfiguration.load(settings), settings)) {
            YarnCluster cluster = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.PER_JOB, name, jars, deployment, jobGraph));
            YarnConsole.announce(console, cluster, "job '" + jobGraph.name() + "' (" + jobGraph.jobId() + ")");
            JobClient client;
            try {
                client = RemoteExecutorFactory.forMaster(cluster.master(), cluster.secret(), settings, console,
                        () -> new YarnMasterLocator(settings, cluster)).submit(jobGraph, jars, userClassLoader);
            } catch (Exception e) {
                throw YarnConsole.killAfterFailedSubmission(deployer, cluster, jobGraph, e);
            }
            LOG.info("Job {} ({}) accepted by YARN application {}", jobGraph.name(), jobGraph.jobId(), cluster.applicationId());
            if (settings.get(YarnOptions.DETACHED)) {
                client.close();
                YarnConsole.detached(console, cluster, jobGraph);
                return new DetachedJobClient(jobGraph.jobId(), cluster);
            }
            return client;
        }
    }

    /**
     * {@code settings} with {@link MasterOptions#SLOT_WAIT_TIMEOUT} raised to {@link
     * YarnOptions#DEPLOY_TIMEOUT} unless set: the job reaches a per-job master before its worker
     * containers have been allocated and started, which on a busy cluster takes longer than the
     * default wait for slots.
     */
    static Configuration withSlotWait(Configuration settings) {
        if (settings.contains(MasterOptions.SLOT_WAIT_TIMEOUT)) {
            return settings;
        }
        Duration wait = settings.get(YarnOptions.DEPLOY_TIMEOUT);
        Duration slotWait = wait.compareTo(MasterOptions.SLOT_WAIT_TIMEOUT.defaultValue()) > 0 ? wait : MasterOptions.SLOT_WAIT_TIMEOUT.defaultValue();
        return settings.merge(new Configuration().set(MasterOptions.SLOT_WAIT_TIMEOUT, slotWait));
    }
}
