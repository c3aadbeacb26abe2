package io.eddy.runtime.cluster;

import java.util.concurrent.CompletableFuture;

/**
 * Stops a whole cluster (the master and, with it, its workers) when a client asks for it with the
 * control protocol's {@code ShutdownCluster} request, e.g. {@code eddy yarn-session stop APPID}. A
 * master that may be stopped by clients passes one to {@code MasterRpcHandler}; without one the
 * request is refused.
 *
 * <p>Contract: {@link #shutdownCluster} is called on the master's RPC dispatcher thread and must
 * not block. Its future completes once the shutdown has begun (running jobs are being cancelled);
 * it fails, with a message saying why and what to do, if this cluster refuses to stop. The
 * implementation must let the answer reach the client: it closes the RPC server only after the
 * future has completed, asynchronously, never from inside the call.
 */
@FunctionalInterface
public interface ClusterShutdownHandler {

    /**
     * Begins stopping the cluster.
     *
     * @param reason who asked and why (e.g. "stopped by alice with 'eddy yarn-session stop'"); the
     *     master logs it and may report it as the final diagnostics
     */
    CompletableFuture<Void> shutdownCluster(String reason);
}
