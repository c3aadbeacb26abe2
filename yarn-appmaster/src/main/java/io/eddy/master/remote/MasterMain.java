package io.eddy.master.remote;

import io.eddy.runtime.rpc.RpcSettings;
import io.eddy.configuration.Configuration;
import io.eddy.master.Master;
import io.eddy.master.MasterConfig;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.MasterRpcHandler;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.RpcServer;
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
 * The master process: a {@link Master} behind the cluster protocol's RPC server. Workers
 * ({@link ContainerMain}) register with it; clients submit, list and cancel jobs.
 *
 * <pre>
 * java io.eddy.master.remote.MasterMain --host 127.0.0.1 --port 6123 --secret-file .eddy/cluster/secret
 * </pre>
 *
 * <p>Once listening it prints {@code Master listening on HOST:PORT} (the bound port, also for
 * {@code --port 0}), which launchers read. The secret comes from {@code --secret-file} (generated
 * into the file, owner-only, if it does not exist) or the environment variable {@code
 * EDDY_CLUSTER_SECRET}; never from the command line. Runs until SIGTERM. Exit codes: 0 stopped,
 * 1 cannot listen (e.g. port in use), 2 usage errors.
 *
 * <p>Threads: the main thread waits for the shutdown hook, which closes the server, the dispatcher
 * and the master, in that order.
 */
@Command(name = "eddy-master", mixinStandardHelpOptions = true, description = "Runs the master of an Eddy cluster.")
public final class MasterMain {

    /** The start of the line the master prints once it listens, followed by {@code HOST:PORT}. */
    public static final String LISTENING_PREFIX = "Master listening on ";

    private static final Logger LOG = LoggerFactory.getLogger(MasterMain.class);

    @Option(names = "--host", paramLabel = "HOST", defaultValue = "127.0.0.1", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String host;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "6123",
            description = "Port to listen on; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int port;

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
        if (port < 0 || port > 65535) {
            err.println("eddy-master: --port " + port + " (expected: 0..65535, 0 = any free port)");
            return 2;
        }
        Secret secret;
        try {
            secret = readOrCreateSecret();
        } catch (IOException | IllegalStateException e) {
            err.println("eddy-master: " + e.getMessage());
            return 2;
        }
        Master master = Master.start(MasterConfig.fromConfiguration(Configuration.fromSystemProperties()));
        MasterRpcHandler handler = new MasterRpcHandler(master, master);
        RpcServer server;
        try {
            server = RpcServer.start(host, port, secret, ClusterProtocol.registry(), handler,
                    RpcSettings.fromConfiguration(Configuration.fromSystemProperties()));
        } catch (RpcException e) {
            err.println("eddy-master: " + e.getMessage());
            LOG.error("Master could not start: {}", e.getMessage());
            handler.close();
            master.close();
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stoppedBySignal = true;
            LOG.info("Master stopping");
            server.close();
            handler.close();
            master.close();
            stopped.countDown();
        }, "eddy-master-shutdown"));
        LOG.info("Master listening on {} (protocol version {})", HostPort.format(server.address()), ClusterProtocol.VERSION);
        out.println(LISTENING_PREFIX + HostPort.format(server.address()));
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
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
