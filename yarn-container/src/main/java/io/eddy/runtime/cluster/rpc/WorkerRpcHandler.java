package io.eddy.runtime.cluster.rpc;

import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeployTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointAborted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointComplete;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDecided;
import io.eddy.runtime.cluster.rpc.ClusterMessages.PrepareJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ReleaseJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerCheckpoint;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.rpc.RpcHandler;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker end of the master connection: hands the master's calls to the local {@link
 * WorkerGateway} on one dispatcher thread ({@code eddy-worker-dispatch}), in arrival order, so
 * the event loop never runs worker code (storing jars, creating tasks) and a job is always
 * prepared before its tasks are deployed.
 *
 * <p>Threads: the {@code RpcHandler} methods run on the connection's event loop; {@link #bind}
 * on the thread that registers the worker; gateway calls on the dispatcher thread.
 */
public final class WorkerRpcHandler implements RpcHandler, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerRpcHandler.class);

    private final ExecutorService dispatcher = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "eddy-worker-dispatch");
        t.setDaemon(true);
        return t;
    });
    private final Consumer<Throwable> onDisconnect;
    /** Written once by {@link #bind} before the registration request is sent; read by the dispatcher. */
    private volatile WorkerGateway worker;

    /** @param onDisconnect called (on the event loop, must not block) when the master connection closes, with the cause or null */
    public WorkerRpcHandler(Consumer<Throwable> onDisconnect) {
        this.onDisconnect = onDisconnect;
    }

    void bind(WorkerGateway gateway) {
        this.worker = gateway;
    }

    @Override
    public void received(RpcConnection connection, Message message) {
        if (message instanceof CancelTask m) {
            dispatcher.execute(() -> gateway(connection).cancelTask(m.task()));
        } else if (message instanceof ReleaseJob m) {
            dispatcher.execute(() -> gateway(connection).releaseJob(m.job()));
        } else if (message instanceof TriggerCheckpoint m) {
            dispatcher.execute(() -> gateway(connection).triggerCheckpoint(m.task(), m.checkpointId(), m.timestamp(), m.options()));
        } else if (message instanceof NotifyCheckpointComplete m) {
            dispatcher.execute(() -> gateway(connection).notifyCheckpointComplete(m.task(), m.checkpointId()));
        } else if (message instanceof NotifyCheckpointAborted m) {
            dispatcher.execute(() -> gateway(connection).notifyCheckpointAborted(m.task(), m.checkpointId()));
        } else if (message instanceof SuperstepDecided m) {
            dispatcher.execute(() -> gateway(connection).superstepDecision(m.headTask(), m.decision()));
        } else {
            LOG.warn("Ignoring unexpected message {} from the master at {}", message.getClass().getSimpleName(), connection.remoteAddress());
        }
    }

    @Override
    public CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
        if (request instanceof PrepareJob m) {
            return CompletableFuture.supplyAsync(() -> gateway(connection).prepareJob(m.artifacts()), dispatcher)
                    .thenCompose(f -> f)
                    .thenApply(v -> Ack.INSTANCE);
        } else if (request instanceof DeployTask m) {
            return CompletableFuture.supplyAsync(() -> gateway(connection).deployTask(m.spec()), dispatcher)
                    .thenCompose(f -> f)
                    .thenApply(v -> Ack.INSTANCE);
        } else if (request instanceof LogTailRequest m) {
            return CompletableFuture.supplyAsync(() -> gateway(connection).logTail(m.maxBytes()), dispatcher)
                    .thenCompose(f -> f)
                    .thenApply(LogTailAnswer::new);
        }
        return CompletableFuture.failedFuture(new IllegalArgumentException(
                "A worker does not answer " + request.getClass().getSimpleName() + " requests (from " + connection.remoteAddress() + ")"));
    }

    @Override
    public void disconnected(RpcConnection connection, Throwable causeOrNull) {
        LOG.info("Connection to the master at {} closed{}", connection.remoteAddress(), causeOrNull == null ? "" : ": " + causeOrNull);
        onDisconnect.accept(causeOrNull);
    }

    private WorkerGateway gateway(RpcConnection connection) {
        WorkerGateway w = worker;
        if (w == null) {
            throw new IllegalStateException("Bug: the master at " + connection.remoteAddress() + " called this worker before it registered");
        }
        return w;
    }

    /** Stops the dispatcher thread, waiting briefly for a running call. */
    @Override
    public void close() {
        dispatcher.shutdownNow();
        try {
            dispatcher.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
