package io.eddy.cli;

import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.ClusterClient;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code eddy savepoint JOBID [DIR]}: takes a savepoint of a running job and prints its path, which
 * {@code eddy run --from-savepoint PATH} starts a job from.
 */
@Command(name = "savepoint", mixinStandardHelpOptions = true,
        description = "Takes a savepoint of a running job and prints its path.")
final class SavepointCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private ClusterTarget target;

    @Parameters(index = "0", paramLabel = "JOBID", description = "The job id as printed by 'eddy list' (32 hex digits).")
    private String jobId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "DIR",
            description = "The directory (URI or path) to create the savepoint under; default: the job's state.savepoints.dir.")
    private String directory;

    @Override
    public Integer call() {
        JobId id = parseJobId(spec, jobId);
        String path = take(target, id, directory, false);
        spec.commandLine().getOut().println(path);
        spec.commandLine().getOut().flush();
        return EddyCli.EXIT_OK;
    }

    /** The job id in {@code hex}, or a usage error. */
    static JobId parseJobId(CommandLine.Model.CommandSpec spec, String hex) {
        try {
            return JobId.fromHex(hex);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Takes a savepoint of {@code job} on the cluster {@code target} names and returns its path. */
    static String take(ClusterTarget target, JobId job, String directoryOrNull, boolean cancelAfter) {
        try (ClusterClient client = target.connect()) {
            return client.triggerSavepoint(job, absolute(directoryOrNull), cancelAfter);
        } catch (IOException e) {
            throw CliException.failure(e.getMessage(), e);
        }
    }

    /**
     * {@code path} as the master should see it: a relative path (no scheme) is made absolute against
     * this process's working directory, since the master runs elsewhere; URIs and absolute paths
     * are kept (a scheme-less absolute path is on the cluster's default file system). Null stays null.
     */
    static String absolute(String path) {
        if (path == null || path.isBlank()) {
            return null;
        }
        URI uri;
        try {
            uri = URI.create(path);
        } catch (IllegalArgumentException e) {
            return Path.of(path).toAbsolutePath().normalize().toString();
        }
        if (uri.getScheme() != null || path.startsWith("/")) {
            return path;
        }
        return Path.of(path).toAbsolutePath().normalize().toString();
    }
}
