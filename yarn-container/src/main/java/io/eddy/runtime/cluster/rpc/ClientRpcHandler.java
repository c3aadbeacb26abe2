package io.eddy.runtime.cluster.rpc;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobStatusChanged;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.rpc.RpcHandler;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client end of a connection to the master: hands the master's calls for a job to the {@link
 * ClientGateway} registered for it, on one dispatcher thread ({@code eddy-client-dispatch}) in
 * arrival order (batches of a collect sink keep their order; the result comes after them).
 *
 * <p>Threads: the {@code RpcHandler} methods run on the event loop; {@link #register} on the
 * submitting thread; gateway calls on the dispatcher thread. {@link ClientGateway} implementations
 * must not block it: {@code collectBatch} returns a future that completes when there is room.
 */
public final class ClientRpcHandler implements RpcHandler, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClientRpcHandler.class);

    private final ExecutorService dispatcher = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "eddy-client-dispatch");
        t.setDaemon(true);
        return t;
    });
    private final Map<JobId, ClientGateway> jobs = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Consumer<Throwable>> disconnectListeners = new CopyOnWriteArrayList<>();

    /** Routes the master's calls about {@code job} to {@code gateway}; call before submitting the job. */
    void register(JobId job, ClientGateway gateway) {
        jobs.put(job, gateway);
    }

    void unregister(JobId job) {
        jobs.remove(job);
    }

    /** {@code listener} is called (on the event loop; must not block) when the connection closes, with the cause or null. */
    void onDisconnect(Consumer<Throwable> listener) {
        disconnectListeners.add(listener);
    }

    @Override
    public void received(RpcConnection connection, Message message) {
        if (message instanceof ClientCollectFinished m) {
            dispatcher.execute(() -> gateway(m.job()).collectFinished(m.job(), m.collectId()));
        } else if (message instanceof JobStatusChanged m) {
            dispatcher.execute(() -> statusChanged(m));
        } else {
            LOG.warn("Ignoring unexpected message {} from the master at {}", message.getClass().getSimpleName(), connection.remoteAddress());
        }
    }

    @Override
    public CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
        if (request instanceof JobFinished m) {
            return CompletableFuture.supplyAsync(() -> gateway(m.result().job()).jobFinished(m.result()), dispatcher)
                    .thenCompose(f -> f)
                    .thenApply(v -> Ack.INSTANCE);
        } else if (request instanceof ClientCollectBatch m) {
            return CompletableFuture.supplyAsync(() -> gateway(m.job()).collectBatch(m.job(), m.collectId(), m.batch()), dispatcher)
                    .thenCompose(f -> f)
                    .thenApply(v -> Ack.INSTANCE);
        }
        return CompletableFuture.failedFuture(new IllegalArgumentException(
                "A client does not answer " + request.getClass().getSimpleName() + " requests (from " + connection.remoteAddress() + ")"));
    }

    @Override
    public void disconnected(RpcConnection connection, Throwable causeOrNull) {
        LOG.debug("Connection to the master at {} closed", connection.remoteAddress());
        for (Consumer<Throwable> listener : disconnectListeners) {
            listener.accept(causeOrNull);
        }
    }

    /** Progress is informational: an update for a job this client no longer follows is dropped. */
    private void statusChanged(JobStatusChanged m) {
        ClientGateway gateway = jobs.get(m.update().job());
        if (gateway == null) {
            LOG.debug("Dropping {}: this client does not follow job {}", m.update(), m.update().job());
        } else {
            gateway.jobStatusChanged(m.update());
        }
    }

    private ClientGateway gateway(JobId job) {
        ClientGateway gateway = jobs.get(job);
        if (gateway == null) {
            throw new IllegalStateException("This client did not submit job " + job + " (or has stopped following it)");
        }
        return gateway;
    }

    /**
     * Runs {@code action} on the dispatcher after the calls it is running or has queued, so after
     * their answers were handed to the connection (answers are written when a call's future
     * completes, on the dispatcher); runs it at once if the dispatcher is shut down.
     */
    void runAfterCurrentCalls(Runnable action) {
        try {
            dispatcher.execute(action);
        } catch (RejectedExecutionException e) {
            action.run();
        }
    }

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
