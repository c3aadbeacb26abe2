package io.eddy.runtime.cluster.rpc;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.cluster.rpc.ClusterMessages.AcknowledgeCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeclineCheckpoint;
import io.eddy.runtime.cluster.rpc.ClusterMessages.InputSplitReply;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RegisterWorker;
import io.eddy.runtime.cluster.rpc.ClusterMessages.RequestInputSplit;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDone;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskIoReport;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TaskStateChanged;
import io.eddy.runtime.cluster.rpc.ClusterMessages.WorkerReport;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The master as a worker process sees it: each call becomes a message on the worker's connection
 * to the master. {@link #registerWorker} also binds the local worker to the {@link
 * WorkerRpcHandler} of that connection, so the master's calls reach it.
 *
 * <p>Thread-safe; calls never block (futures complete on the connection's event loop, so callers
 * must not block in dependent stages).
 */
public final class RpcMasterGateway implements MasterGateway {

    private final RpcConnection connection;
    private final WorkerRpcHandler handler;

    /**
     * @param connection the authenticated connection to the master
     * @param handler the handler that {@code connection} was opened with
     */
    public RpcMasterGateway(RpcConnection connection, WorkerRpcHandler handler) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    @Override
    public CompletableFuture<Void> registerWorker(WorkerRegistration registration, WorkerGateway worker) {
        handler.bind(worker);
        return ack(connection.request(new RegisterWorker(registration), ClusterProtocol.REQUEST_TIMEOUT));
    }

    @Override
    public void taskStateChanged(TaskStateUpdate update) {
        connection.send(new TaskStateChanged(update));
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, int subtask, byte[] batch) {
        return ack(connection.request(new CollectBatch(job, collectId, subtask, batch), ClusterProtocol.COLLECT_TIMEOUT));
    }

    @Override
    public void collectFinished(JobId job, String collectId, int subtask) {
        connection.send(new CollectFinished(job, collectId, subtask));
    }

    @Override
    public CompletableFuture<byte[]> requestInputSplit(TaskId task, String host) {
        return connection.request(new RequestInputSplit(task, host), ClusterProtocol.REQUEST_TIMEOUT)
                .thenApply(m -> ((InputSplitReply) m).split());
    }

    @Override
    public void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        connection.send(new AcknowledgeCheckpoint(task, checkpointId, metrics, state));
    }

    @Override
    public void declineCheckpoint(TaskId task, long checkpointId, FailureInfo reason) {
        connection.send(new DeclineCheckpoint(task, checkpointId, reason));
    }

    @Override
    public void reportTaskIo(WorkerId worker, List<TaskIoSample> samples) {
        connection.send(new TaskIoReport(worker, samples));
    }

    @Override
    public void reportWorker(WorkerSample sample) {
        connection.send(new WorkerReport(sample));
    }

    @Override
    public void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes) {
        connection.send(new SuperstepDone(task, superstep, aggregatesBytes));
    }

    /** Not a worker's call: the master notices lost workers itself (their connection closes). */
    @Override
    public void workerLost(WorkerId worker, String reason) {
        throw new UnsupportedOperationException("Bug: workerLost(" + worker + ") called on the worker side of the master connection to "
                + connection.remoteAddress() + "; only the master's transport reports lost workers");
    }

    static CompletableFuture<Void> ack(CompletableFuture<Message> response) {
        return response.thenApply(m -> null);
    }
}
