package io.eddy.master.remote;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import io.eddy.runtime.worker.ContainerMain;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The {@code remote} execution target: submits jobs to the master of a multi-process cluster at
 * {@link ExecutionOptions#MASTER_ADDRESS}, authenticating with the secret in {@link
 * RemoteOptions#SECRET_FILE} (or the environment variable {@code EDDY_CLUSTER_SECRET}). The jobs'
 * progress lines go to {@code System.err}.
 */
public final class RemoteExecutorFactory implements PipelineExecutorFactory {

    public static final String TARGET = "remote";

    @Override
    public String target() {
        return TARGET;
    }

    @Override
    public PipelineExecutor create(Configuration configuration) throws IOException {
        String address = configuration.get(ExecutionOptions.MASTER_ADDRESS);
        if (address == null || address.isBlank()) {
            throw new IllegalArgumentException("The 'remote' execution target needs the master's address: set eddy."
                    + ExecutionOptions.MASTER_ADDRESS.key() + "=HOST:PORT (or run the job with 'eddy run --master HOST:PORT app.jar')");
        }
        InetSocketAddress master = HostPort.parse(address, "eddy." + ExecutionOptions.MASTER_ADDRESS.key());
        return forMaster(master, readSecret(configuration), configuration);
    }

    /**
     * An executor that submits to the master at {@code master}, authenticating with {@code secret},
     * exactly as the {@code remote} target does ({@link RemoteOptions#CONNECT_TIMEOUT} and {@link
     * RemoteOptions#COLLECT_QUEUE_CAPACITY} from {@code configuration}); for targets that find the
     * master another way, e.g. {@code yarn} from the application report.
     */
    public static PipelineExecutor forMaster(InetSocketAddress master, Secret secret, Configuration configuration) {
        return forMaster(master, secret, configuration, System.err);
    }

    /**
     * As {@link #forMaster(InetSocketAddress, Secret, Configuration)}, printing the jobs' progress
     * lines (one per update from the master, and one when the job ends) on {@code console}.
     */
    public static PipelineExecutor forMaster(InetSocketAddress master, Secret secret, Configuration configuration, PrintStream console) {
        return new RemoteExecutor(master, secret, configuration.get(RemoteOptions.CONNECT_TIMEOUT),
                configuration.get(RemoteOptions.COLLECT_QUEUE_CAPACITY), Objects.requireNonNull(console, "console"), null);
    }

    /**
     * As {@link #forMaster(InetSocketAddress, Secret, Configuration, PrintStream)}, with clients that
     * follow their job when the connection to the master is lost: each job's client asks its own
     * locator from {@code locators} where the master serves again, and attaches to the job there
     * (e.g. the YARN targets, whose ApplicationMaster YARN may restart).
     */
    public static PipelineExecutor forMaster(InetSocketAddress master, Secret secret, Configuration configuration, PrintStream console,
            Supplier<MasterLocator> locators) {
        return new RemoteExecutor(master, secret, configuration.get(RemoteOptions.CONNECT_TIMEOUT),
                configuration.get(RemoteOptions.COLLECT_QUEUE_CAPACITY), Objects.requireNonNull(console, "console"),
                Objects.requireNonNull(locators, "locators"));
    }

    /** The cluster secret from {@link RemoteOptions#SECRET_FILE}, else from {@code EDDY_CLUSTER_SECRET}. */
    static Secret readSecret(Configuration configuration) throws IOException {
        String file = configuration.get(RemoteOptions.SECRET_FILE);
        if (file != null && !file.isBlank()) {
            return Secret.fromFile(Path.of(file));
        }
        if (System.getenv(ContainerMain.SECRET_ENVIRONMENT_VARIABLE) != null) {
            return Secret.fromEnvironment(ContainerMain.SECRET_ENVIRONMENT_VARIABLE);
        }
        throw new IllegalArgumentException("The 'remote' execution target needs the cluster secret: set eddy." + RemoteOptions.SECRET_FILE.key()
                + "=PATH (e.g. .eddy/cluster/secret written by 'eddy cluster start') or the environment variable "
                + ContainerMain.SECRET_ENVIRONMENT_VARIABLE);
    }
}
