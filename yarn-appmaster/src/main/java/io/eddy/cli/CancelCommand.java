package io.eddy.cli;

import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code eddy cancel [--with-savepoint [DIR]] JOBID}: asks the master to cancel a job; with {@code
 * --with-savepoint}, takes a savepoint first (under DIR, default the job's {@code
 * state.savepoints.dir}) and cancels the job once it is complete, printing its path.
 */
@Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancels a job on a cluster, optionally after a savepoint.")
final class CancelCommand implements Callable<Integer> {

    /** The value of {@code --with-savepoint} given without a directory. */
    private static final String DEFAULT_DIRECTORY = "";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ClusterTarget target;

    @Option(names = "--with-savepoint", arity = "0..1", fallbackValue = DEFAULT_DIRECTORY, paramLabel = "DIR",
            description = "Take a savepoint (under DIR; default: the job's state.savepoints.dir) and cancel the job once it is complete.")
    private String savepointDirectory;

    @Parameters(index = "0", arity = "0..1", paramLabel = "JOBID", description = "The job id as printed by 'eddy list' (32 hex digits).")
    private String jobId;

    /** What the command line asks for (after parsing; for tests). */
    record Request(JobId job, boolean withSavepoint, String savepointDirectoryOrNull) {}

    /**
     * Reads the arguments. {@code --with-savepoint} takes an optional directory, so in {@code
     * cancel --with-savepoint JOBID} picocli hands the job id to the option: a value that is a job
     * id, with no JOBID after it, is the job.
     */
    Request request() {
        String job = jobId;
        String dir = savepointDirectory;
        if (job == null && dir != null && looksLikeJobId(dir)) {
            job = dir;
            dir = DEFAULT_DIRECTORY;
        }
        if (job == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Missing JOBID: name the job to cancel (see 'eddy list')");
        }
        JobId id = SavepointCommand.parseJobId(spec, job);
        boolean withSavepoint = dir != null;
        return new Request(id, withSavepoint, withSavepoint && !dir.isEmpty() ? dir : null);
    }

    private static boolean looksLikeJobId(String value) {
        return value.length() == 32 && value.chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    @Override
    public Integer call() {
        Request request = request();
        if (request.withSavepoint()) {
            String path = SavepointCommand.take(target, request.job(), request.savepointDirectoryOrNull(), true);
            spec.commandLine().getOut().println("Savepoint " + path + " taken; cancellation of job " + request.job() + " requested");
            spec.commandLine().getOut().flush();
            return EddyCli.EXIT_OK;
        }
        try (ClusterClient client = target.connect()) {
            client.cancelJob(request.job());
        } catch (IOException e) {
            throw CliException.failure(e.getMessage(), e);
        }
        spec.commandLine().getOut().println("Cancellation of job " + request.job() + " requested");
        spec.commandLine().getOut().flush();
        return EddyCli.EXIT_OK;
    }
}
