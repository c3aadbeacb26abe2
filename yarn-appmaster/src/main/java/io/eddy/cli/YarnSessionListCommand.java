package io.eddy.cli;

import io.eddy.yarn.client.YarnApplication;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeploymentException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code eddy yarn-session list}: the Eddy sessions on YARN that have not ended, with state, tracking URL and name. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the Eddy sessions running on YARN.")
final class YarnSessionListCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<YarnApplication> sessions;
        try (YarnClusterDeployer deployer = YarnClients.connect(YarnClients.settings(Map.of()))) {
            sessions = deployer.listSessions();
        } catch (YarnDeploymentException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (sessions.isEmpty()) {
            out.println("No Eddy sessions are running on YARN (start one with 'eddy yarn-session start')");
        } else {
            out.printf("%-32s  %-9s  %-40s  %s%n", "APPLICATION ID", "STATE", "TRACKING URL", "NAME");
            for (YarnApplication s : sessions) {
                out.printf("%-32s  %-9s  %-40s  %s%n", s.applicationId(), s.state(), s.trackingUrl().isEmpty() ? "-" : s.trackingUrl(), s.name());
            }
        }
        out.flush();
        return EddyCli.EXIT_OK;
    }
}
