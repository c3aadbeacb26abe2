package io.eddy.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code eddy yarn-session start|list|stop}: long-running Eddy applications on YARN that accept several jobs. */
@Command(name = "yarn-session", mixinStandardHelpOptions = true,
        description = "Starts, lists and stops Eddy sessions on YARN (the cluster of HADOOP_CONF_DIR or -Deddy.hadoop.conf-dir).",
        subcommands = {YarnSessionStartCommand.class, YarnSessionListCommand.class, YarnSessionStopCommand.class})
final class YarnSessionCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: start, list or stop");
    }
}
