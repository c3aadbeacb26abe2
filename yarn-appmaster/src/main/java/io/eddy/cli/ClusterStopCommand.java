package io.eddy.cli;

import io.eddy.master.remote.ClusterProcesses;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code eddy cluster stop}: stops the processes recorded in the cluster directory (SIGTERM, then
 * SIGKILL after a grace period), workers first, and deletes the secret, the address and the process
 * list. A recorded pid is only signalled if it is still the recorded process: it has the recorded
 * start time, or its command line names its log in this directory (a start time computed after the
 * clock was set differs from the recorded one). So a reused pid is never hit; a live pid that is
 * not recognized is reported, not silently passed over.
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
            Optional<ProcessHandle> alive = ProcessHandle.of(entry.pid()).filter(ProcessHandle::isAlive);
            if (alive.isEmpty()) {
                continue;
            }
            if (!isRecordedProcess(alive.get(), entry, cluster.path())) {
                PrintWriter err = spec.commandLine().getErr();
                err.println("Not stopped: pid " + entry.pid() + " runs, but it is not " + entry.name() + " of " + cluster.path() + " (" + describe(alive.get())
                        + "; recorded start " + Instant.ofEpochMilli(entry.startMillis()) + "). If it is, stop it with 'kill " + entry.pid() + "'");
                err.flush();
                continue;
            }
            if (ClusterProcesses.stop(alive.get(), Duration.ofSeconds(Math.max(1, graceSeconds)))) {
                stopped++;
            } else {
                killed++;
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

    /** The process of {@code entry} of the cluster in {@code clusterDir}, if it still runs. */
    static Optional<ProcessHandle> liveProcess(ClusterDirectory.ProcessEntry entry, Path clusterDir) {
        return ProcessHandle.of(entry.pid())
                .filter(ProcessHandle::isAlive)
                .filter(h -> isRecordedProcess(h, entry, clusterDir));
    }

    /**
     * Whether {@code process} is the one {@code entry} recorded: its start time is the recorded one
     * (to the second), or its command line names the log of {@code entry}'s process in {@code
     * clusterDir}. The start time alone is not enough: the JDK computes it from the boot time the
     * kernel derives from the current clock, so it moves when the clock is set.
     */
    static boolean isRecordedProcess(ProcessHandle process, ClusterDirectory.ProcessEntry entry, Path clusterDir) {
        ProcessHandle.Info info = process.info();
        boolean sameStart = entry.startMillis() == 0
                || info.startInstant().map(i -> Math.abs(i.toEpochMilli() - entry.startMillis()) < 1000).orElse(true);
        if (sameStart) {
            return true;
        }
        // The whole line: JDK 17 on Linux gives no separate arguments() for the cluster's JVMs.
        String logOption = ClusterProcesses.logFileOption(clusterDir, entry.name());
        return info.commandLine().map(line -> (line + " ").contains(" " + logOption + " ")).orElse(false);
    }

    private static String describe(ProcessHandle process) {
        ProcessHandle.Info info = process.info();
        return "started " + info.startInstant().map(Instant::toString).orElse("at an unknown time") + ", command "
                + info.commandLine().map(c -> c.length() > 200 ? c.substring(0, 200) + "..." : c).orElse("unknown");
    }

    /** Fails if a process recorded in {@code cluster} still runs. */
    static void failIfRunning(ClusterDirectory cluster) throws IOException {
        for (ClusterDirectory.ProcessEntry entry : cluster.readProcesses()) {
            if (liveProcess(entry, cluster.path()).isPresent()) {
                throw CliException.failure("A cluster is already running in " + cluster.path() + " (" + entry.name() + ", pid " + entry.pid()
                        + "): stop it with 'eddy cluster stop --dir " + cluster.path() + "' or choose another --dir", null);
            }
        }
    }
}
