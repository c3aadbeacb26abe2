package io.eddy.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code eddy cluster start|stop|status}: a cluster of one master and N worker processes on this machine. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Starts, stops and shows a cluster of master and worker processes on this machine.",
        subcommands = {ClusterStartCommand.class, ClusterStopCommand.class, ClusterStatusCommand.class})
final class ClusterCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: start, stop or status");
    }
}
