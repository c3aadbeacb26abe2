package io.eddy.runtime.worker;

import io.eddy.configuration.ConfigOption;
import io.eddy.configuration.Configuration;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.RpcMasterGateway;
import io.eddy.runtime.cluster.rpc.WorkerRpcHandler;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.rpc.RpcClient;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.RpcSettings;
import io.eddy.runtime.rpc.Secret;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The worker process: connects to the master, offers its slots and runs the tasks the master
 * deploys until the master goes away or the process is told to stop (SIGTERM).
 *
 * <pre>
 * java io.eddy.runtime.worker.ContainerMain --master 127.0.0.1:6123 --slots 2 --name worker-1
 *      (secret in the environment variable EDDY_CLUSTER_SECRET, or --secret-file PATH)
 * </pre>
 *
 * <p>The secret is never accepted on the command line, where {@code ps} would show it. Exit codes:
 * 0 stopped by a signal, 1 the master could not be reached, rejected the worker, or went away,
 * 2 usage errors. Prints {@code Worker NAME registered with the master at HOST:PORT} once
 * registered, so launchers and logs show it.
 *
 * <p><b>A new master.</b> With {@code --master-address-file}, a worker whose master goes away does
 * not exit: it cancels its tasks, releases everything of its jobs, and reads the file (any Hadoop
 * file system path) until a master at the address it names accepts the worker, within {@code
 * --reconnect-timeout}; then it works for that master under the same name, with a fresh data server.
 * The address may be the lost master's own: a new master can bind the port the lost one freed, and
 * while the file still names a dead master, connecting fails and the worker reads it again. A YARN ApplicationMaster
 * publishes its address there at every attempt, so the worker containers of an attempt serve the
 * next one (docs/yarn.md, "AM restart"). A worker whose tasks do not end after the cancellation
 * exits instead, since they could still write.
 *
 * <p>Threads: the main thread runs the worker's sessions with masters one after another and waits
 * for each to end; the shutdown hook stops the current one; the RPC event loop and the worker's
 * threads do the work.
 */
@Command(name = "eddy-worker", mixinStandardHelpOptions = true,
        description = "Runs an Eddy worker that offers its slots to a master.")
public final class ContainerMain {

    /** The environment variable that carries the cluster secret (hex) to a worker. */
    public static final String SECRET_ENVIRONMENT_VARIABLE = "EDDY_CLUSTER_SECRET";

    private static final Logger LOG = LoggerFactory.getLogger(ContainerMain.class);

    @Option(names = "--master", required = true, paramLabel = "HOST:PORT", description = "The master's control address.")
    private String master;

    @Option(names = "--slots", paramLabel = "N", defaultValue = "1", description = "Slots (parallel lanes) to offer (default: ${DEFAULT-VALUE}).")
    private int slots;

    @Option(names = "--name", paramLabel = "NAME", description = "The worker's id, unique in the cluster (default: worker-PID).")
    private String name;

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Host the data server binds to and announces to other workers (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--secret-file", paramLabel = "PATH",
            description = "File holding the cluster secret (default: the environment variable " + SECRET_ENVIRONMENT_VARIABLE + ").")
    private Path secretFile;

    @Option(names = "--tmp-dir", paramLabel = "DIR",
            description = "Where job jars and the spill files of blocking partitions are stored (default: java.io.tmpdir).")
    private Path tmpDir;

    @Option(names = "--settings-file", paramLabel = "PATH",
            description = "A Java properties file of Eddy settings (keys without the 'eddy.' prefix, e.g. worker.memory.managed.size); "
                    + "-Deddy.* system properties override it.")
    private Path settingsFile;

    @Option(names = "--connect-timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "How long to try reaching the master, e.g. 10s (default: ${DEFAULT-VALUE}).")
    private String connectTimeout;

    @Option(names = "--master-address-file", paramLabel = "PATH",
            description = "A file (Hadoop file system path) where a new master publishes its HOST:PORT; when given, a worker whose "
                    + "master goes away waits for a new one there instead of exiting.")
    private String masterAddressFile;

    @Option(names = "--reconnect-timeout", paramLabel = "DURATION", defaultValue = "10min",
            description = "With --master-address-file: how long to wait for a new master (default: ${DEFAULT-VALUE}).")
    private String reconnectTimeout;

    /** The session with the current master, for the shutdown hook (volatile: two threads). */
    private volatile Session current;
    /** Set by the shutdown hook; read by main (volatile: two threads). */
    private volatile boolean stoppedBySignal;

    /** A worker registered with the master at {@code master}: its RPC connection and the future that completes when it ends. */
    private record Session(InetSocketAddress master, Worker worker, RpcConnection connection, WorkerRpcHandler handler,
            CompletableFuture<Throwable> end) {
        /** Stops the worker; returns whether all its tasks ended. */
        boolean shutdown() {
            boolean tasksEnded = worker.shutdown();
            connection.close();
            handler.close();
            return tasksEnded;
        }
    }

    public static void main(String[] args) {
        ContainerMain main = new ContainerMain();
        int code = main.run(args, System.out, System.err);
        if (!main.stoppedBySignal) {
            System.exit(code);
        }
    }

    /** Parses {@code args} and runs the worker until it ends; returns the exit code. */
    /** The system property naming the process's log file (log4j2-process.xml writes there). */
    static final String LOG_FILE_PROPERTY = "eddy.log.file";

    /**
     * The NodeManager's web page of this container's logs, from the environment a NodeManager gives
     * its containers ({@code CONTAINER_ID}, {@code NM_HOST}, {@code NM_HTTP_PORT}, {@code USER}); null
     * outside YARN.
     */
    static String containerLogUrl(Map<String, String> environment) {
        String container = environment.get("CONTAINER_ID");
        String host = environment.get("NM_HOST");
        String port = environment.get("NM_HTTP_PORT");
        String user = environment.get("USER");
        if (container == null || host == null || port == null || user == null) {
            return null;
        }
        return "http://" + HostPort.format(InetSocketAddress.createUnresolved(host, Integer.parseInt(port))) + "/node/containerlogs/" + container
                + "/" + user;
    }

    int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(this);
        try {
            CommandLine.ParseResult parsed = cli.parseArgs(args);
            if (CommandLine.printHelpIfRequested(parsed)) {
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            err.println("eddy-worker: " + e.getMessage());
            cli.usage(err);
            return 2;
        }
        try {
            return runWorker(out);
        } catch (StartupException e) {
            err.println("eddy-worker " + workerName() + ": " + e.getMessage());
            LOG.error("Worker {} could not start: {}", workerName(), e.getMessage(), e.getCause());
            return e.exitCode;
        }
    }

    private int runWorker(PrintStream out) throws StartupException {
        InetSocketAddress masterAddress = parseMaster();
        Secret secret = readSecret();
        Configuration settings = settings(settingsFile);
        Duration timeout = parseDuration("connect-timeout", connectTimeout);
        Duration waitForMaster = parseDuration("reconnect-timeout", reconnectTimeout);
        String logFile = System.getProperty(LOG_FILE_PROPERTY);
        WorkerConfig config = new WorkerConfig(new WorkerId(workerName()), slots, host, ProcessHandle.current().pid(),
                tmpDir != null ? tmpDir : Path.of(System.getProperty("java.io.tmpdir")), Duration.ofSeconds(10),
                logFile == null || logFile.isBlank() ? null : Path.of(logFile).toAbsolutePath(), containerLogUrl(System.getenv()));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stoppedBySignal = true;
            Session session = current;
            if (session != null) {
                session.end().complete(null);
                session.shutdown();
            }
        }, "eddy-worker-shutdown"));
        Session session;
        try {
            session = connect(config, masterAddress, secret, settings, timeout);
        } catch (StartupException e) {
            if (masterAddressFile == null || e.exitCode != 1 || stoppedBySignal) {
                throw e;
            }
            // e.g. a worker container launched by an AM attempt that died meanwhile: the next attempt will publish its address
            LOG.warn("Worker {}: {}; waiting up to {} for a master to publish its address in {}", config.id(), e.getMessage(), waitForMaster,
                    masterAddressFile);
            session = reconnect(config, secret, settings, timeout, waitForMaster);
            if (session == null) {
                return stoppedBySignal ? 0 : 1;
            }
        }
        while (true) {
            out.println("Worker " + config.id() + " registered with the master at " + HostPort.format(session.master()));
            out.flush();
            Throwable cause = awaitEnd(session.end());
            if (stoppedBySignal) {
                return 0;
            }
            String lost = "the connection to the master at " + HostPort.format(session.master()) + " closed" + (cause == null ? "" : " (" + cause + ")");
            if (masterAddressFile == null) {
                LOG.error("Worker {}: {}; exiting", config.id(), lost);
                session.shutdown();
                return 1;
            }
            LOG.warn("Worker {}: {}; cancelling its tasks and waiting up to {} for a new master to publish its address in {}",
                    config.id(), lost, waitForMaster, masterAddressFile);
            current = null;
            if (!session.shutdown()) {
                LOG.error("Worker {}: not all tasks ended after the cancellation; exiting rather than serve a new master beside them",
                        config.id());
                return 1;
            }
            session = reconnect(config, secret, settings, timeout, waitForMaster);
            if (session == null) {
                return stoppedBySignal ? 0 : 1;
            }
        }
    }

    /** Connects to the master at {@code masterAddress}, starts a worker for it and registers. */
    private Session connect(WorkerConfig config, InetSocketAddress masterAddress, Secret secret, Configuration settings, Duration timeout)
            throws StartupException {
        NetworkEnvironment network;
        try {
            network = NetworkEnvironment.start(NetworkConfig.builder(settings).bindHost(host).spillDirectory(config.tempDirectory()).build());
        } catch (IOException | IllegalArgumentException e) {
            throw new StartupException(1, "cannot start the data server on " + host + ": " + e.getMessage(), e);
        }
        CompletableFuture<Throwable> end = new CompletableFuture<>();
        WorkerRpcHandler handler = new WorkerRpcHandler(end::complete);
        RpcConnection connection;
        try {
            connection = RpcClient.connect(HostPort.resolved(masterAddress), secret, ClusterProtocol.registry(), handler, timeout,
                    RpcSettings.fromConfiguration(settings));
        } catch (RpcException e) {
            network.close();
            handler.close();
            throw new StartupException(1, e.getMessage(), e);
        }
        Session session = new Session(masterAddress, Worker.start(config, network, new RpcMasterGateway(connection, handler), settings),
                connection, handler, end);
        current = session;
        if (stoppedBySignal) { // the hook ran before the session was visible to it
            session.shutdown();
            throw new StartupException(0, "stopped while connecting", null);
        }
        try {
            register(session.worker(), connection);
        } catch (StartupException e) {
            current = null;
            session.shutdown();
            throw e;
        }
        return session;
    }

    /**
     * Reads {@link #masterAddressFile} every second until a master at the address it names accepts
     * this worker, or {@code wait} has passed (null then, logged). The address is tried even where
     * it is the lost master's: a new master may listen on the port the lost one freed (a new
     * ApplicationMaster attempt on the same host), and a dead address refuses at once.
     */
    private Session reconnect(WorkerConfig config, Secret secret, Configuration settings, Duration timeout, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        String lastProblem = "the file names no master";
        while (!stoppedBySignal) {
            try {
                InetSocketAddress published = MasterAddressFile.read(masterAddressFile);
                if (published != null) {
                    Session session = connect(config, published, secret, settings, timeout);
                    LOG.info("Worker {}: registered with the new master at {}", config.id(), HostPort.format(published));
                    return session;
                }
            } catch (IOException | IllegalArgumentException | StartupException e) {
                lastProblem = e.getMessage();
                LOG.debug("Worker {}: no new master yet: {}", config.id(), e.toString());
            }
            if (System.nanoTime() > deadline) {
                LOG.error("Worker {}: no new master within {} ({}: {}); exiting", config.id(), wait, masterAddressFile, lastProblem);
                return null;
            }
            try {
                Thread.sleep(1000); // the file system offers no notification of a changed file
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    private void register(Worker worker, RpcConnection connection) throws StartupException {
        try {
            worker.register().get(ClusterProtocol.REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new StartupException(1, "the master at " + connection.remoteAddress() + " refused the registration: "
                    + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new StartupException(1, "the master at " + connection.remoteAddress() + " did not answer the registration within "
                    + ClusterProtocol.REQUEST_TIMEOUT.toSeconds() + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartupException(1, "interrupted while registering", e);
        }
    }

    private static Throwable awaitEnd(CompletableFuture<Throwable> end) {
        try {
            return end.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private String workerName() {
        return name != null ? name : "worker-" + ProcessHandle.current().pid();
    }

    private InetSocketAddress parseMaster() throws StartupException {
        try {
            return HostPort.parse(master, "--master");
        } catch (IllegalArgumentException e) {
            throw new StartupException(2, e.getMessage(), e);
        }
    }

    private Secret readSecret() throws StartupException {
        try {
            return secretFile != null ? Secret.fromFile(secretFile) : Secret.fromEnvironment(SECRET_ENVIRONMENT_VARIABLE);
        } catch (IOException e) {
            throw new StartupException(2, "cannot read the cluster secret from " + secretFile + ": " + e.getMessage(), e);
        } catch (IllegalStateException e) {
            throw new StartupException(2, e.getMessage() + " (or pass --secret-file PATH)", e);
        }
    }

    private static Duration parseDuration(String name, String value) throws StartupException {
        try {
            ConfigOption<Duration> option = ConfigOption.of(name, Duration.class, null, "--" + name + " of the worker");
            return new Configuration().setString(option.key(), value).get(option);
        } catch (IllegalArgumentException e) {
            throw new StartupException(2, e.getMessage(), e);
        }
    }

    /** The worker could not start; the message says why and what to do. */
    private static final class StartupException extends Exception {
        private static final long serialVersionUID = 1L;
        final int exitCode;

        StartupException(int exitCode, String message, Throwable cause) {
            super(message, cause);
            this.exitCode = exitCode;
        }
    }

    /**
     * The worker's settings: those of {@code fileOrNull} (a properties file, e.g. the {@code
     * eddy-conf.properties} a YARN container gets), overridden by the {@code -Deddy.*} system
     * properties.
     *
     * @throws StartupException (exit 2) if the file cannot be read
     */
    static Configuration settings(Path fileOrNull) throws StartupException {
        Configuration system = Configuration.fromSystemProperties();
        if (fileOrNull == null) {
            return system;
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(fileOrNull, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException e) {
            throw new StartupException(2, "cannot read the settings file " + fileOrNull.toAbsolutePath() + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new HashMap<>();
        properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k)));
        return new Configuration(values).merge(system);
    }
}
