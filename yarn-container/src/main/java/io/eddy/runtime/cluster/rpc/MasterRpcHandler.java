package io.eddy.runtime.cluster.rpc;

import io.eddy.runtime.cluster.ClusterShutdownHandler;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.rpc.ClusterMessages.Ack;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AcknowledgeCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AttachJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatus;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClusterStatusReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeclineCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.InputSplitReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAccepted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobAttached;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobDetailsRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobList;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ListJobs;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RegisterWorker;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RequestInputSplit;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SavepointTaken;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ShutdownCluster;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SubmitJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDone;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskIoReport;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskStateChanged;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerSavepoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.WorkerReport;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.rpc.RpcHandler;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master end of the cluster protocol: dispatches the calls of workers and clients to the
 * master's {@link MasterGateway} and {@link JobSubmissionGateway}, gives each worker connection an
 * {@link RpcWorkerGateway} and each submitting client an {@link RpcClientGateway}, and reports a
 * worker whose connection closes as lost ({@code workerLost(id, "connection closed")}), so its
 * jobs fail within the heartbeat timeout at the latest, and at once when its process dies.
 *
 * <p>Threads: the {@code RpcHandler} methods run on the connections' event loops and only hand
 * work to one dispatcher thread ({@code eddy-master-rpc-dispatch}), which calls the gateways in
 * arrival order (a task's state updates keep their order) and owns {@link #workers} and
 * {@link #waiters}.
 */
public final class MasterRpcHandler implements RpcHandler, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MasterRpcHandler.class);

    private final MasterGateway master;
    private final JobSubmissionGateway jobs;
    private final ClusterShutdownHandler shutdown;
    private final ExecutorService dispatcher = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "eddy-master-rpc-dispatch");
        t.setDaemon(true);
        return t;
    });
    /** The registered workers by id, in registration order. Owned by the dispatcher thread. */
    private final Map<WorkerId, WorkerRegistration> workers = new LinkedHashMap<>();
    /** Pending {@link ClusterStatus} requests waiting for enough workers. Owned by the dispatcher thread. */
    private final List<StatusWaiter> waiters = new ArrayList<>();

    private record StatusWaiter(int awaitWorkers, CompletableFuture<ClusterStatusReply> reply) {}

    /** What the master knows about a worker connection; its attachment once registered. */
    private static final class WorkerConnection {
        final WorkerRegistration registration;
        /** Owned by the dispatcher thread. */
        boolean lost;

        WorkerConnection(WorkerRegistration registration) {
            this.registration = registration;
        }
    }

    /**
     * A handler for a master that clients cannot stop: {@code ShutdownCluster} requests are refused
     * (the master's process is stopped by its launcher, e.g. {@code eddy cluster stop}).
     */
    public MasterRpcHandler(MasterGateway master, JobSubmissionGateway jobs) {
        this(master, jobs, MasterRpcHandler::refuseShutdown);
    }

    /** A handler whose {@code ShutdownCluster} requests go to {@code shutdown}. */
    public MasterRpcHandler(MasterGateway master, JobSubmissionGateway jobs, ClusterShutdownHandler shutdown) {
        this.master = Objects.requireNonNull(master, "master");
        this.jobs = Objects.requireNonNull(jobs, "jobs");
        this.shutdown = Objects.requireNonNull(shutdown, "shutdown");
    }

    private static CompletableFuture<Void> refuseShutdown(String reason) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("this master cannot be shut down by a client: "
                + "stop it the way it was started (e.g. 'eddy cluster stop' for a cluster of 'eddy cluster start', "
                + "or 'yarn application -kill APPID')"));
    }

    @Override
    public void received(RpcConnection connection, Message message) {
        if (message instanceof TaskStateChanged m) {
            dispatcher.execute(() -> master.taskStateChanged(m.update()));
        } else if (message instanceof CollectFinished m) {
            dispatcher.execute(() -> master.collectFinished(m.job(), m.collectId(), m.subtask()));
        } else if (message instanceof AcknowledgeCheckpoint m) {
            dispatcher.execute(() -> master.acknowledgeCheckpoint(m.task(), m.checkpointId(), m.metrics(), m.state()));
        } else if (message instanceof DeclineCheckpoint m) {
            dispatcher.execute(() -> master.declineCheckpoint(m.task(), m.checkpointId(), m.reason()));
        } else if (message instanceof WorkerReport m) {
            dispatcher.execute(() -> master.reportWorker(m.sample()));
        } else if (message instanceof TaskIoReport m) {
            dispatcher.execute(() -> master.reportTaskIo(m.worker(), m.samples()));
        } else if (message instanceof SuperstepDone m) {
            dispatcher.execute(() -> master.superstepDone(m.task(), m.superstep(), m.aggregatesBytes()));
        } else {
            LOG.warn("Ignoring unexpected message {} from {}", message.getClass().getSimpleName(), connection.remoteAddress());
        }
    }

    @Override
    public CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
        if (request instanceof RegisterWorker m) {
            return dispatch(() -> register(connection, m.registration()));
        } else if (request instanceof CollectBatch m) {
            return dispatch(() -> master.collectBatch(m.job(), m.collectId(), m.subtask(), m.batch()).thenApply(v -> Ack.INSTANCE));
        } else if (request instanceof RequestInputSplit m) {
            return dispatch(() -> master.requestInputSplit(m.task(), m.host()).thenApply(InputSplitReply::new));
        } else if (request instanceof SubmitJob m) {
            LOG.info("Job {} submitted from {}", m.artifacts().job(), connection.remoteAddress());
            return dispatch(() -> jobs.submitJob(m.artifacts(), new RpcClientGateway(connection)).thenApply(JobAccepted::new));
        } else if (request instanceof AttachJob m) {
            LOG.info("Client {} attaches to job {}", connection.remoteAddress(), m.job());
            return dispatch(() -> jobs.attachJob(m.job(), new RpcClientGateway(connection))
                    .thenApply(summary -> new JobAttached(m.job(), summary.orElse(null))));
        } else if (request instanceof CancelJob m) {
            LOG.info("Cancellation of job {} requested from {}", m.job(), connection.remoteAddress());
            return dispatch(() -> jobs.cancelJob(m.job()).thenApply(v -> Ack.INSTANCE));
        } else if (request instanceof TriggerSavepoint m) {
            LOG.info("Savepoint of job {} (to {}, cancel after: {}) requested from {}", m.job(),
                    m.targetDirectory() == null ? "the default directory" : m.targetDirectory(), m.cancelAfter(), connection.remoteAddress());
            return dispatch(() -> jobs.triggerSavepoint(m.job(), m.targetDirectory(), m.cancelAfter()).thenApply(SavepointTaken::new));
        } else if (request instanceof JobDetailsRequest r) {
            return dispatch(() -> jobs.jobDetails(r.job()).thenApply(d -> new JobDetailsAnswer(d.orElse(null))));
        } else if (request instanceof ListJobs) {
            return dispatch(() -> jobs.listJobs().thenApply(JobList::new));
        } else if (request instanceof ClusterStatus m) {
            return dispatch(() -> awaitWorkers(m.awaitWorkers(), m.timeoutMillis()));
        } else if (request instanceof ShutdownCluster m) {
            LOG.info("Shutdown of the cluster requested from {}: {}", connection.remoteAddress(), m.reason());
            return dispatch(() -> shutdown.shutdownCluster(m.reason()).thenApply(v -> Ack.INSTANCE));
        }
        return CompletableFuture.failedFuture(new IllegalArgumentException(
                "The master does not answer " + request.getClass().getSimpleName() + " requests (from " + connection.remoteAddress() + ")"));
    }

    @Override
    public void disconnected(RpcConnection connection, Throwable causeOrNull) {
        if (connection.attachment() instanceof WorkerConnection worker) {
            dispatcher.execute(() -> workerGone(worker, causeOrNull));
        } else {
            LOG.debug("Client connection from {} closed", connection.remoteAddress());
        }
    }

    /** Runs {@code action} on the dispatcher thread and flattens its future. */
    private <M extends Message> CompletableFuture<M> dispatch(Supplier<CompletableFuture<M>> action) {
        return CompletableFuture.supplyAsync(action, dispatcher).thenCompose(f -> f);
    }

    private CompletableFuture<Ack> register(RpcConnection connection, WorkerRegistration registration) {
        return master.registerWorker(registration, new RpcWorkerGateway(connection)).thenApplyAsync(v -> {
            WorkerConnection worker = new WorkerConnection(registration);
            connection.setAttachment(worker);
            workers.put(registration.id(), registration);
            LOG.info("Worker {} registered from {} with {} slots, data address {}", registration.describe(), connection.remoteAddress(),
                    registration.slots(), registration.dataAddress());
            if (!connection.isOpen()) {
                // The connection closed while the master registered the worker: disconnected() saw no attachment.
                workerGone(worker, null);
            }
            completeWaiters();
            return Ack.INSTANCE;
        }, dispatcher);
    }

    private void workerGone(WorkerConnection worker, Throwable causeOrNull) {
        if (worker.lost) {
            return;
        }
        worker.lost = true;
        workers.remove(worker.registration.id());
        LOG.warn("Worker {} was lost: connection closed{}", worker.registration.describe(), causeOrNull == null ? "" : " (" + causeOrNull + ")");
        master.workerLost(worker.registration.id(), "connection closed");
    }

    private CompletableFuture<ClusterStatusReply> awaitWorkers(int awaitWorkers, long timeoutMillis) {
        if (workers.size() >= awaitWorkers || timeoutMillis <= 0) {
            return CompletableFuture.completedFuture(new ClusterStatusReply(new ArrayList<>(workers.values())));
        }
        StatusWaiter waiter = new StatusWaiter(awaitWorkers, new CompletableFuture<>());
        waiters.add(waiter);
        CompletableFuture.delayedExecutor(timeoutMillis, TimeUnit.MILLISECONDS, dispatcher).execute(() -> {
            if (waiters.remove(waiter)) {
                waiter.reply().complete(new ClusterStatusReply(new ArrayList<>(workers.values())));
            }
        });
        return waiter.reply();
    }

    private void completeWaiters() {
        for (Iterator<StatusWaiter> it = waiters.iterator(); it.hasNext(); ) {
            StatusWaiter waiter = it.next();
            if (workers.size() >= waiter.awaitWorkers()) {
                it.remove();
                waiter.reply().complete(new ClusterStatusReply(new ArrayList<>(workers.values())));
            }
        }
    }

    /** Stops the dispatcher thread. Call after the RPC server has closed. */
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
