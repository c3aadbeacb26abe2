package io.eddy.runtime.cluster.rpc;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.rpc.ClusterMessages.CancelTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.DeployTask;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailAnswer;
import io.eddy.runtime.cluster.rpc.ClusterMessages.LogTailRequest;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointAborted;
import io.eddy.runtime.cluster.rpc.ClusterMessages.NotifyCheckpointComplete;
import io.eddy.runtime.cluster.rpc.ClusterMessages.PrepareJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ReleaseJob;
import io.eddy.runtime.cluster.rpc.ClusterMessages.SuperstepDecided;
import io.eddy.runtime.cluster.rpc.ClusterMessages.TriggerCheckpoint;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.rpc.RpcConnection;
import io.eddy.runtime.tasks.TaskId;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A worker process as the master sees it: each call becomes a message on that worker's connection.
 * Thread-safe; calls never block. A call on a closed connection fails its future (requests) or is
 * dropped (one-way messages): the master learns of the loss through {@code workerLost}.
 */
public final class RpcWorkerGateway implements WorkerGateway {

    private final RpcConnection connection;

    public RpcWorkerGateway(RpcConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    @Override
    public CompletableFuture<Void> prepareJob(JobArtifacts artifacts) {
        return RpcMasterGateway.ack(connection.request(new PrepareJob(artifacts), ClusterProtocol.ARTIFACTS_TIMEOUT));
    }

    @Override
    public CompletableFuture<Void> deployTask(TaskDeploymentSpec spec) {
        return RpcMasterGateway.ack(connection.request(new DeployTask(spec), ClusterProtocol.REQUEST_TIMEOUT));
    }

    @Override
    public CompletableFuture<LogTail> logTail(int maxBytes) {
        return connection.request(new LogTailRequest(maxBytes), ClusterProtocol.REQUEST_TIMEOUT).thenApply(answer -> {
            if (answer instanceof LogTailAnswer tail) {
                return tail.tail();
            }
            throw new IllegalStateException("Bug: the worker answered a log request with " + answer.getClass().getSimpleName());
        });
    }

    @Override
    public void cancelTask(TaskId task) {
        connection.send(new CancelTask(task));
    }

    @Override
    public void releaseJob(JobId job) {
        connection.send(new ReleaseJob(job));
    }

    @Override
    public void triggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) {
        connection.send(new TriggerCheckpoint(task, checkpointId, timestamp, options));
    }

    @Override
    public void notifyCheckpointComplete(TaskId task, long checkpointId) {
        connection.send(new NotifyCheckpointComplete(task, checkpointId));
    }

    @Override
    public void notifyCheckpointAborted(TaskId task, long checkpointId) {
        connection.send(new NotifyCheckpointAborted(task, checkpointId));
    }

    @Override
    public void superstepDecision(TaskId headTask, SuperstepDecision decision) {
        connection.send(new SuperstepDecided(headTask, decision));
    }

    @Override
    public String toString() {
        return "RpcWorkerGateway{" + connection.remoteAddress() + "}";
    }
}
