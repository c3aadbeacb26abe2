package io.eddy.cli;

import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code eddy cancel JOBID}: asks the master to cancel a job. */
@Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancels a job on a cluster.")
final class CancelCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ClusterTarget target;

    @Parameters(index = "0", paramLabel = "JOBID", description = "The job id as printed by 'eddy list' (32 hex digits).")
    private String jobId;

    @Override
    public Integer call() {
        JobId id;
        try {
            id = JobId.fromHex(jobId);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        ClusterTarget.Endpoint endpoint = target.resolve();
        try (ClusterClient client = ClusterClient.connect(endpoint.master(), endpoint.secretFile())) {
            client.cancelJob(id);
        } catch (IOException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        spec.commandLine().getOut().println("Cancellation of job " + id + " requested");
        spec.commandLine().getOut().flush();
        return EddyCli.EXIT_OK;
    }
}
