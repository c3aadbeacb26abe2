package io.eddy.master.remote;

import io.eddy.configuration.Configuration;
import io.eddy.master.Master;
import io.eddy.master.MasterConfig;
import io.eddy.master.WorkerSupply;
import io.eddy.runtime.cluster.ClusterShutdownHandler;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.MasterRpcHandler;
import io.eddy.runtime.rpc.RpcException;
import io.eddy.runtime.rpc.RpcServer;
import io.eddy.runtime.rpc.RpcSettings;
import io.eddy.runtime.rpc.Secret;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A {@link Master} served over the cluster protocol: the master, its {@link MasterRpcHandler} and
 * the {@link RpcServer}, started and closed together. Shared by the processes that host a master
 * ({@link MasterMain}, the YARN ApplicationMaster).
 *
 * <p>Thread-safe: {@link #close()} is idempotent and may be called from any thread but an RPC
 * event loop.
 */
public final class MasterServer implements AutoCloseable {

    private final Master master;
    private final MasterRpcHandler handler;
    private final RpcServer server;

    private MasterServer(Master master, MasterRpcHandler handler, RpcServer server) {
        this.master = master;
        this.handler = handler;
        this.server = server;
    }

    /**
     * How to start a {@link MasterServer}; {@code settings} are the Eddy settings of the master and its RPC server, {@code
     * workerSupply} where the master gets more workers when jobs need them ({@link WorkerSupply#EXTERNAL}: from nowhere).
     */
    public record Spec(String bindHost, int port, Secret secret, Configuration settings, UnaryOperator<JobSubmissionGateway> submissionDecorator,
            ClusterShutdownHandler shutdownOrNull, WorkerSupply workerSupply) {

        public Spec {
            Objects.requireNonNull(bindHost, "bindHost");
            Objects.requireNonNull(secret, "secret");
            Objects.requireNonNull(settings, "settings");
            Objects.requireNonNull(submissionDecorator, "submissionDecorator");
            Objects.requireNonNull(workerSupply, "workerSupply");
        }

        /** A master whose clients reach it directly and cannot stop it, with workers started outside (as {@link MasterMain} runs it). */
        public static Spec plain(String bindHost, int port, Secret secret, Configuration settings) {
            return new Spec(bindHost, port, secret, settings, UnaryOperator.identity(), null, WorkerSupply.EXTERNAL);
        }
    }

    /**
     * Starts the master and listens. The clients' calls go to {@code spec.submissionDecorator()}
     * applied to the master (e.g. a gateway that persists jobs first).
     *
     * @throws RpcException if the server cannot listen; the master is closed again then
     */
    public static MasterServer start(Spec spec) throws RpcException {
        Master master = Master.start(MasterConfig.fromConfiguration(spec.settings()), java.time.Clock.systemUTC(), spec.workerSupply());
        JobSubmissionGateway jobs = Objects.requireNonNull(spec.submissionDecorator().apply(master), "submission gateway");
        MasterRpcHandler handler = spec.shutdownOrNull() == null
                ? new MasterRpcHandler(master, jobs)
                : new MasterRpcHandler(master, jobs, spec.shutdownOrNull());
        try {
            RpcServer server = RpcServer.start(spec.bindHost(), spec.port(), spec.secret(), ClusterProtocol.registry(), handler,
                    RpcSettings.fromConfiguration(spec.settings()));
            return new MasterServer(master, handler, server);
        } catch (RpcException | RuntimeException e) {
            handler.close();
            master.close();
            throw e;
        }
    }

    public Master master() {
        return master;
    }

    /** The bound address (with the actual port when started with port 0). */
    public InetSocketAddress address() {
        return server.address();
    }

    /** Closes the server (and with it every connection), the handler's dispatcher, then the master (cancelling its jobs). */
    @Override
    public void close() {
        server.close();
        handler.close();
        master.close();
    }
}
