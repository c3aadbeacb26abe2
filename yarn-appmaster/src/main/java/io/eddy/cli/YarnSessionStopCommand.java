package io.eddy.cli;

import io.eddy.master.remote.ClusterClient;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeploymentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code eddy yarn-session stop APPID}: asks the session's master to shut the cluster down (the
 * control protocol's {@code ShutdownCluster}: running jobs are cancelled, the AM unregisters and
 * deletes the staging directory), then waits for the application's final status and prints it.
 * Exit code 0 if it ended {@code SUCCEEDED}, 1 otherwise.
 */
@Command(name = "stop", mixinStandardHelpOptions = true, description = "Stops an Eddy session on YARN and waits until it has ended.")
final class YarnSessionStopCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "How long to wait for the session to end (default: ${DEFAULT-VALUE}).")
    private int timeoutSeconds;

    @Parameters(index = "0", paramLabel = "APPID", description = "The session's application id, as 'eddy yarn-session list' prints it.")
    private String applicationId;

    @Override
    public Integer call() {
        String id = applicationId.trim();
        if (!ExecutionTarget.isApplicationId(id)) {
            throw CliException.usage("'" + applicationId + "' is not a YARN application id (expected: application_<cluster timestamp>_<number>, "
                    + "as 'eddy yarn-session list' prints it)");
        }
        if (timeoutSeconds < 1) {
            throw CliException.usage("--timeout: " + timeoutSeconds + " (expected: >= 1 second)");
        }
        PrintWriter out = spec.commandLine().getOut();
        String status;
        try (YarnClusterDeployer deployer = YarnClients.connect(YarnClients.settings(Map.of()))) {
            YarnCluster cluster = deployer.retrieve(id);
            try (ClusterClient client = ClusterClient.connect(cluster.master(), cluster.secret())) {
                client.shutdownCluster("stopped by " + System.getProperty("user.name") + " with 'eddy yarn-session stop'");
            } catch (IOException e) {
                throw CliException.failure("Cannot stop the YARN session " + id + ": " + e.getMessage() + ". Kill it with 'yarn application "
                        + "-kill " + id + "' (its staging directory is then left for the next 'eddy yarn-session start' to find)", e);
            }
            out.println("Stopping YARN session " + id + " ...");
            out.flush();
            status = deployer.awaitFinalStatus(id, Duration.ofSeconds(timeoutSeconds));
        } catch (YarnDeploymentException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        out.println("YARN session " + id + " ended: " + status);
        out.flush();
        if (!"SUCCEEDED".equals(status)) {
            throw CliException.failure("The YARN session " + id + " ended " + status + " instead of SUCCEEDED: see 'yarn logs -applicationId "
                    + id + "'", null);
        }
        return EddyCli.EXIT_OK;
    }
}
