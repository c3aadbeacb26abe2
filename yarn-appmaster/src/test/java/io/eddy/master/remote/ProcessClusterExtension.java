package io.eddy.master.remote;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.master.remote.ClusterProcesses.Launched;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that runs a real multi-process cluster on loopback for a test class: one
 * master process ({@code --port 0}) and N worker processes, started with this JVM's binary and
 * class path (so test classes reach the workers), with small heaps and the client compiler to
 * keep a 2-core machine responsive. {@code beforeAll} waits until all workers registered;
 * {@code afterAll} always kills every process it started (also those a test added) and deletes the
 * secret and the workers' job jars. The cluster's folder, with the processes' logs, stays under
 * {@code target/process-clusters/} of the module (Surefire runs in the module's folder): beside the
 * test reports, and removed by {@code mvn clean}.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);
 * ... StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration()) ...
 * </pre>
 */
public final class ProcessClusterExtension implements BeforeAllCallback, AfterAllCallback {

    /** JVM options of the test processes: small and quick to start. */
    public static final List<String> TEST_JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final int workers;
    private final int slotsPerWorker;
    private Path dir;
    private Secret secret;
    private Launched master;
    private InetSocketAddress masterAddress;
    /** The worker processes by name; touched by the test thread only. */
    private final Map<String, Launched> workerProcesses = new LinkedHashMap<>();

    public ProcessClusterExtension(int workers, int slotsPerWorker) {
        this.workers = workers;
        this.slotsPerWorker = slotsPerWorker;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Path clusters = Files.createDirectories(Path.of("target", "process-clusters").toAbsolutePath());
        dir = Files.createTempDirectory(clusters, "eddy-process-cluster-" + context.getRequiredTestClass().getSimpleName() + "-");
        System.out.println("Process cluster files (logs stay after the test): " + dir);
        secret = Secret.generate();
        secret.writeTo(secretFile());
        try {
            master = ClusterProcesses.startMaster(dir, "127.0.0.1", 0, secretFile(), TEST_JVM_OPTIONS);
            masterAddress = ClusterProcesses.awaitMasterAddress(master, START_TIMEOUT);
            for (int i = 1; i <= workers; i++) {
                startWorker("worker-" + i, slotsPerWorker);
            }
            awaitWorkers(workers);
        } catch (Exception e) {
            afterAll(context);
            throw e;
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        List<Launched> all = new ArrayList<>(workerProcesses.values());
        if (master != null) {
            all.add(master);
        }
        for (Launched l : all) {
            l.process().destroyForcibly();
        }
        for (Launched l : all) {
            if (!l.process().waitFor(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("Process " + l.name() + " (pid " + l.pid() + ") did not die within 30 s of SIGKILL");
            }
        }
        workerProcesses.clear();
        master = null;
        if (dir != null && Files.exists(dir)) {
            // The logs stay for diagnosis (a few KB); the secret and the workers' job jars go.
            Files.deleteIfExists(secretFile());
            if (Files.exists(dir.resolve("tmp"))) {
                deleteRecursively(dir.resolve("tmp"));
            }
        }
    }

    /** Starts one more worker process; use {@link #awaitWorkers} to wait for its registration. */
    public Launched startWorker(String name, int slots) throws IOException {
        Launched worker = ClusterProcesses.startWorker(dir, name, masterAddress, slots, secret, TEST_JVM_OPTIONS);
        workerProcesses.put(name, worker);
        return worker;
    }

    /** Waits until at least {@code count} workers are registered; fails naming the dead processes otherwise. */
    public List<WorkerRegistration> awaitWorkers(int count) throws IOException {
        try (ClusterClient client = ClusterClient.connect(masterAddress, secret)) {
            List<WorkerRegistration> registered = client.awaitWorkers(count, START_TIMEOUT);
            if (registered.size() < count) {
                StringBuilder sb = new StringBuilder("Only " + registered.size() + " of " + count + " workers registered;");
                for (Launched l : workerProcesses.values()) {
                    sb.append(System.lineSeparator()).append(l.name()).append(l.process().isAlive() ? " runs" : " exited")
                            .append(", output:").append(System.lineSeparator()).append(l.outputTail(20));
                }
                throw new IllegalStateException(sb.toString());
            }
            return registered;
        }
    }

    /** The URL of the master process's web endpoint (it prints it after its listening line), ending with '/'. */
    public String webUrl() throws IOException {
        return ClusterProcesses.webEndpoint(master).orElseThrow(() -> new IllegalStateException("The master printed no web endpoint line; its"
                + " output:" + System.lineSeparator() + master.outputTail(20)));
    }

    /** A configuration that makes {@code execute()} submit to this cluster (classes come from the workers' class path). */
    public Configuration remoteConfiguration() {
        return new Configuration()
                .set(ExecutionOptions.TARGET, RemoteExecutorFactory.TARGET)
                .set(ExecutionOptions.MASTER_ADDRESS, HostPort.format(masterAddress))
                .set(RemoteOptions.SECRET_FILE, secretFile().toString());
    }

    /** A new administrative client of the master; close it. */
    public ClusterClient client() {
        try {
            return ClusterClient.connect(masterAddress, secret);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public InetSocketAddress masterAddress() {
        return masterAddress;
    }

    public Secret secret() {
        return secret;
    }

    public Path secretFile() {
        return dir.resolve("secret");
    }

    public Path directory() {
        return dir;
    }

    public Launched master() {
        return master;
    }

    /** The worker processes this extension started (alive or not), by name, in start order. */
    public Map<String, Launched> workers() {
        return new LinkedHashMap<>(workerProcesses);
    }

    /** The worker process named {@code name}, e.g. {@code worker-2}. */
    public Launched worker(String name) {
        Launched w = workerProcesses.get(name);
        if (w == null) {
            throw new IllegalArgumentException("No worker '" + name + "' in this cluster (workers: " + workerProcesses.keySet() + ")");
        }
        return w;
    }

    private static void deleteRecursively(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
