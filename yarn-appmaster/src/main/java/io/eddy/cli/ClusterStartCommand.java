package io.eddy.cli;

import io.eddy.master.remote.ClusterClient;
import io.eddy.master.remote.ClusterProcesses.Launched;
import io.eddy.master.remote.ClusterProcesses;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code eddy cluster start}: generates the cluster secret into {@code DIR/secret}, starts the
 * master, then the workers (secret through their environment), waits until all workers have
 * registered, and records pids and the master address in {@code DIR}. If anything fails, the
 * processes started so far are stopped again.
 */
@Command(name = "start", mixinStandardHelpOptions = true, description = "Starts a master and worker processes on this machine.")
final class ClusterStartCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterStartCommand.class);

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--workers", paramLabel = "N", defaultValue = "2", description = "Number of worker processes (default: ${DEFAULT-VALUE}).")
    private int workers;

    @Option(names = "--slots", paramLabel = "S", defaultValue = "2", description = "Slots per worker (default: ${DEFAULT-VALUE}).")
    private int slots;

    @Option(names = "--port", paramLabel = "P", defaultValue = "6123", description = "Master port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "Master address (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--dir", paramLabel = "DIR", description = "Cluster directory (default: " + ClusterDirectory.DEFAULT + ").")
    private Path dir;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long to wait for the master and the workers to come up (default: ${DEFAULT-VALUE}).")
    private int timeoutSeconds;

    @Option(names = "--jvm-option", paramLabel = "OPTION", description = "JVM option of the processes (repeatable; default: -Xmx512m -XX:+UseParallelGC, and -XX:+UseTransparentHugePages where the kernel offers them).")
    private List<String> jvmOptions;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (workers < 1 || slots < 1 || port < 0 || port > 65535 || timeoutSeconds < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--workers " + workers + ", --slots " + slots + ", --port " + port
                    + ", --timeout " + timeoutSeconds + " (expected: workers, slots and timeout >= 1, port 0..65535)");
        }
        ClusterDirectory cluster = ClusterDirectory.resolve(dir);
        ClusterStopCommand.failIfRunning(cluster);
        Files.createDirectories(cluster.path());
        Secret secret = Secret.generate();
        secret.writeTo(cluster.secretFile());
        List<Launched> started = new ArrayList<>();
        try {
            InetSocketAddress master = startAll(cluster, secret, started);
            PrintWriter out = spec.commandLine().getOut();
            out.println("Started the master (pid " + started.get(0).pid() + ") and " + workers + " worker(s) with " + slots
                    + " slot(s) each; files in " + cluster.path());
            out.println("Master listening on " + HostPort.format(master));
            ClusterProcesses.webEndpoint(started.get(0)).ifPresent(url -> {
                out.println("Web endpoint at " + url + " (jobs as JSON at " + url + "jobs)");
                out.println("Dashboard at " + url + "dashboard/ (its cancel and savepoint take the action token "
                        + MasterWebServer.actionToken(secret) + ", also shown by 'eddy cluster status')");
            });
            out.println("Run jobs with: eddy run --cluster-dir " + cluster.path() + " app.jar   Stop with: eddy cluster stop --dir " + cluster.path());
            out.flush();
            return EddyCli.EXIT_OK;
        } catch (IOException | RuntimeException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            stopStarted(started, cluster);
            throw e instanceof CliException ce ? ce : CliException.failure("Cannot start the cluster: " + e.getMessage(), e);
        }
    }

    private InetSocketAddress startAll(ClusterDirectory cluster, Secret secret, List<Launched> started) throws IOException, InterruptedException {
        List<String> options = jvmOptions == null ? ClusterProcesses.DEFAULT_JVM_OPTIONS : jvmOptions;
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        Launched master = ClusterProcesses.startMaster(cluster.path(), host, port, cluster.secretFile(), options);
        started.add(master);
        record(cluster, started);
        InetSocketAddress address = ClusterProcesses.awaitMasterAddress(master, timeout);
        for (int i = 1; i <= workers; i++) {
            started.add(ClusterProcesses.startWorker(cluster.path(), "worker-" + i, address, slots, secret, options));
            record(cluster, started);
        }
        try (ClusterClient client = ClusterClient.connect(address, secret)) {
            List<WorkerRegistration> registered = client.awaitWorkers(workers, timeout);
            if (registered.size() < workers) {
                throw CliException.failure("Only " + registered.size() + " of " + workers + " workers registered within " + timeoutSeconds
                        + " s." + describeDead(started), null);
            }
        }
        cluster.writeMasterAddress(address);
        return address;
    }

    private static String describeDead(List<Launched> started) {
        StringBuilder sb = new StringBuilder();
        for (Launched l : started) {
            if (!l.process().isAlive()) {
                sb.append(System.lineSeparator()).append(l.name()).append(" exited with status ").append(l.process().exitValue())
                        .append("; its output ends with:").append(System.lineSeparator()).append(l.outputTail(10));
            }
        }
        return sb.toString();
    }

    /** Workers first, master last: the order 'cluster stop' stops them in. */
    private static void record(ClusterDirectory cluster, List<Launched> started) throws IOException {
        List<ClusterDirectory.ProcessEntry> entries = new ArrayList<>();
        for (int i = started.size() - 1; i >= 0; i--) {
            Launched l = started.get(i);
            long start = l.process().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L);
            entries.add(new ClusterDirectory.ProcessEntry(l.name(), l.pid(), start));
        }
        cluster.writeProcesses(entries);
    }

    private static void stopStarted(List<Launched> started, ClusterDirectory cluster) {
        try {
            for (int i = started.size() - 1; i >= 0; i--) {
                ClusterProcesses.stop(started.get(i).process().toHandle(), Duration.ofSeconds(10));
            }
            cluster.clearRuntimeFiles();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cleaning up {} after a failed start failed: {}", cluster.path(), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
