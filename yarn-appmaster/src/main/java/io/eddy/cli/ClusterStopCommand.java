package io.eddy.cli;

import io.eddy.master.remote.ClusterProcesses;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code eddy cluster stop}: stops the processes recorded in the cluster directory (SIGTERM, then
 * SIGKILL after a grace period), workers first, and deletes the secret, the address and the process
 * list. A recorded pid is only signalled if the process still has the recorded start time, so a
 * reused pid is never hit.
 */
@Command(name = "stop", mixinStandardHelpOptions = true, description = "Stops the cluster started in a cluster directory.")
final class ClusterStopCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", description = "Cluster directory (default: " + ClusterDirectory.DEFAULT + ").")
    private Path dir;

    @Option(names = "--grace", paramLabel = "SECONDS", defaultValue = "10",
            description = "How long each process may take to stop before it is killed (default: ${DEFAULT-VALUE}).")
    private int graceSeconds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        ClusterDirectory cluster = ClusterDirectory.resolve(dir);
        PrintWriter out = spec.commandLine().getOut();
        List<ClusterDirectory.ProcessEntry> entries = cluster.readProcesses();
        int stopped = 0;
        int killed = 0;
        for (ClusterDirectory.ProcessEntry entry : entries) {
            Optional<ProcessHandle> handle = liveProcess(entry);
            if (handle.isPresent()) {
                if (ClusterProcesses.stop(handle.get(), Duration.ofSeconds(Math.max(1, graceSeconds)))) {
                    stopped++;
                } else {
                    killed++;
                }
            }
        }
        cluster.clearRuntimeFiles();
        if (entries.isEmpty()) {
            out.println("No cluster processes are recorded in " + cluster.path() + "; nothing to stop");
        } else {
            out.println("Stopped " + (stopped + killed) + " process(es) of the cluster in " + cluster.path()
                    + (killed > 0 ? " (" + killed + " had to be killed)" : ""));
        }
        out.flush();
        return EddyCli.EXIT_OK;
    }

    /** The process of {@code entry} if it is still the one that was started (same start time). */
    static Optional<ProcessHandle> liveProcess(ClusterDirectory.ProcessEntry entry) {
        return ProcessHandle.of(entry.pid())
                .filter(ProcessHandle::isAlive)
                .filter(h -> entry.startMillis() == 0
                        || h.info().startInstant().map(i -> Math.abs(i.toEpochMilli() - entry.startMillis()) < 1000).orElse(true));
    }

    /** Fails if a process recorded in {@code cluster} still runs. */
    static void failIfRunning(ClusterDirectory cluster) throws IOException {
        for (ClusterDirectory.ProcessEntry entry : cluster.readProcesses()) {
            if (liveProcess(entry).isPresent()) {
                throw CliException.failure("A cluster is already running in " + cluster.path() + " (" + entry.name() + ", pid " + entry.pid()
                        + "): stop it with 'eddy cluster stop --dir " + cluster.path() + "' or choose another --dir", null);
            }
        }
    }
}
