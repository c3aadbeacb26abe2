package io.eddy.master.remote;

import io.eddy.configuration.Configuration;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.Secret;
import io.eddy.runtime.worker.ContainerMain;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The master process: a {@link io.eddy.master.Master} behind the cluster protocol's RPC server. Workers
 * ({@link ContainerMain}) register with it; clients submit, list and cancel jobs.
 *
 * <pre>
 * java io.eddy.master.remote.MasterMain --host 127.0.0.1 --port 6123 --secret-file .eddy/cluster/secret
 * </pre>
 *
 * <p>Once listening it prints {@code Master listening on HOST:PORT} (the bound port, also for
 * {@code --port 0}), which launchers read, and then {@code Web endpoint at http://HOST:PORT/}: the
 * read-only {@link MasterWebServer} (jobs as JSON at {@code /jobs}) on {@code --web-port} (default
 * any free port; {@code -1} turns it off). The secret comes from {@code --secret-file} (generated
 * into the file, owner-only, if it does not exist) or the environment variable {@code
 * EDDY_CLUSTER_SECRET}; never from the command line. Runs until SIGTERM. Exit codes: 0 stopped,
 * 1 cannot listen (e.g. port in use), 2 usage errors.
 *
 * <p>Threads: the main thread waits for the shutdown hook, which closes the web endpoint, then the
 * server, the dispatcher and the master, in that order.
 */
@Command(name = "eddy-master", mixinStandardHelpOptions = true, description = "Runs the master of an Eddy cluster.")
public final class MasterMain {

    /** The start of the line the master prints once it listens, followed by {@code HOST:PORT}. */
    public static final String LISTENING_PREFIX = "Master listening on ";
    /** The start of the line printed after the listening line when the web endpoint runs, followed by its URL. */
    public static final String WEB_PREFIX = "Web endpoint at ";

    private static final Logger LOG = LoggerFactory.getLogger(MasterMain.class);

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "6123",
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--web-port", paramLabel = "PORT", defaultValue = "0",
            description = "Port of the read-only web endpoint (jobs as JSON at /jobs); 0 picks a free one, -1 turns it off "
                    + "(default: ${DEFAULT-VALUE}).")
    private int webPort;

    @Option(names = "--secret-file", paramLabel = "PATH",
            description = "Cluster secret file; generated (owner-only) if missing (default: the environment variable "
                    + ContainerMain.SECRET_ENVIRONMENT_VARIABLE + ").")
    private Path secretFile;

    private final CountDownLatch stopped = new CountDownLatch(1);
    /** Set by the shutdown hook (volatile: read by main). */
    private volatile boolean stoppedBySignal;

    public static void main(String[] args) {
        MasterMain main = new MasterMain();
        int code = main.run(args, System.out, System.err);
        if (!main.stoppedBySignal) {
            System.exit(code);
        }
    }

    /** Parses {@code args}, runs the master until the process is told to stop, and returns the exit code. */
    int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cli = new CommandLine(this);
        try {
            if (CommandLine.printHelpIfRequested(cli.parseArgs(args))) {
                return 0;
            }
        } catch (CommandLine.ParameterException e) {
            err.println("eddy-master: " + e.getMessage());
            cli.usage(err);
            return 2;
        }
        if (!portsValid(err)) {
            return 2;
        }
        Secret secret;
        try {
            secret = readOrCreateSecret();
        } catch (IOException | IllegalStateException e) {
            err.println("eddy-master: " + e.getMessage());
            return 2;
        }
        MasterServer server;
        try {
            server = MasterServer.start(MasterServer.Spec.plain(host, port, secret, Configuration.fromSystemProperties()));
        } catch (RpcException e) {
            err.println("eddy-master: " + e.getMessage());
            LOG.error("Master could not start: {}", e.getMessage());
            return 1;
        }
        MasterWebServer web;
        try {
            web = webPort < 0 ? null : MasterWebServer.start(server.master(), host, webPort, secret);
        } catch (IOException e) {
            err.println("eddy-master: " + e.getMessage() + " (or --web-port -1 to run without it)");
            LOG.error("Master could not start: {}", e.getMessage());
            server.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stoppedBySignal = true;
            LOG.info("Master stopping");
            if (web != null) {
                web.close();
            }
            server.close();
            stopped.countDown();
        }, "eddy-master-shutdown"));
        LOG.info("Master listening on {} (protocol version {})", HostPort.format(server.address()), ClusterProtocol.VERSION);
        out.println(LISTENING_PREFIX + HostPort.format(server.address()));
        if (web != null) {
            out.println(WEB_PREFIX + web.url());
        }
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private boolean portsValid(PrintStream err) {
        if (port < 0 || port > 65535) {
            err.println("eddy-master: --port " + port + " (expected: 0..65535, 0 = any free port)");
            return false;
        }
        if (webPort < -1 || webPort > 65535) {
            err.println("eddy-master: --web-port " + webPort + " (expected: 0..65535, 0 = any free port, -1 = no web endpoint)");
            return false;
        }
        return true;
    }

    private Secret readOrCreateSecret() throws IOException {
        if (secretFile == null) {
            return Secret.fromEnvironment(ContainerMain.SECRET_ENVIRONMENT_VARIABLE);
        }
        if (Files.exists(secretFile)) {
            return Secret.fromFile(secretFile);
        }
        Secret secret = Secret.generate();
        secret.writeTo(secretFile);
        LOG.info("Generated a new cluster secret in {}", secretFile.toAbsolutePath());
        return secret;
    }
}
