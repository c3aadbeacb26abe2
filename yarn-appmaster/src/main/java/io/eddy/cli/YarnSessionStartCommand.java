package io.eddy.cli;

import io.eddy.configuration.Configuration;
import io.eddy.master.remote.ClusterClient;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ContainerResources;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeployment;
import io.eddy.yarn.client.YarnDeploymentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/**
 * {@code eddy yarn-session start [--containers N ...]}: deploys a session application, waits until
 * its workers have registered (at most {@code yarn.deploy-timeout}), prints its application id and
 * returns; the session runs until {@code eddy yarn-session stop APPID}. The first line of the output
 * is the application id alone, for scripts.
 */
@Command(name = "start", mixinStandardHelpOptions = true,
        description = "Starts an Eddy session on YARN, prints its application id and returns.")
final class YarnSessionStartCommand implements Callable<Integer> {

    /** The application name of a session without --name. */
    static final String DEFAULT_NAME = "Eddy session";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private YarnResourceFlags yarn;

    @Override
    public Integer call() {
        Configuration settings = YarnClients.settings(yarn.settings());
        String name = settings.get(YarnOptions.NAME) == null ? DEFAULT_NAME : settings.get(YarnOptions.NAME);
        PrintWriter out = spec.commandLine().getOut();
        YarnCluster cluster;
        int containers;
        try (YarnClusterDeployer deployer = YarnClients.connect(settings)) {
            cluster = deployer.deploy(new YarnDeployment(YarnDeployment.Mode.SESSION, name, List.of(), settings));
            containers = ContainerResources.of(settings).containers();
        } catch (YarnDeploymentException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        String id = cluster.applicationId();
        out.println(id);
        out.println("Started YARN session " + id + " ('" + name + "', master " + cluster.master().getHostString() + ":"
                + cluster.master().getPort() + (cluster.trackingUrl().isEmpty() ? "" : ", tracking URL " + cluster.trackingUrl()) + ")");
        out.println("Dashboard action token (cancel, savepoint): " + MasterWebServer.actionToken(cluster.secret())
                + (cluster.trackingUrl().isEmpty() ? "" : "; dashboard at " + cluster.trackingUrl() + "dashboard/"));
        out.flush();
        awaitWorkers(cluster, containers, settings);
        out.println("Submit jobs with 'eddy run --target yarn-session:" + id + " app.jar'; stop the session with 'eddy yarn-session stop "
                + id + "'");
        out.flush();
        return EddyCli.EXIT_OK;
    }

    /** Waits until the session's workers have registered, so a job submitted next finds its slots; warns if they do not. */
    private void awaitWorkers(YarnCluster cluster, int expected, Configuration settings) {
        PrintWriter err = spec.commandLine().getErr();
        try (ClusterClient client = ClusterClient.connect(cluster.master(), cluster.secret())) {
            List<WorkerRegistration> workers = client.awaitWorkers(expected, settings.get(YarnOptions.DEPLOY_TIMEOUT));
            if (workers.size() < expected) {
                err.println("eddy: warning: only " + workers.size() + " of " + expected + " worker containers of " + cluster.applicationId()
                        + " registered within " + settings.get(YarnOptions.DEPLOY_TIMEOUT).toSeconds() + " s; the cluster may be short of "
                        + "resources (see the ResourceManager's UI, or 'yarn logs -applicationId " + cluster.applicationId() + "')");
                err.flush();
            }
        } catch (IOException e) {
            throw CliException.failure("The YARN session " + cluster.applicationId() + " started, but its master does not answer: "
                    + e.getMessage() + ". Look at its logs ('yarn logs -applicationId " + cluster.applicationId() + "') and stop it with "
                    + "'eddy yarn-session stop " + cluster.applicationId() + "' or 'yarn application -kill " + cluster.applicationId() + "'", e);
        }
    }
}
