package io.eddy.runtime.cluster.rpc;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectBatch;
import io.eddy.runtime.cluster.rpc.ClusterMessages.ClientCollectFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobFinished;
import io.eddy.runtime.cluster.rpc.ClusterMessages.JobStatusChanged;
import io.eddy.runtime.rpc.RpcConnection;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A submitting client as the master sees it: each call becomes a message on the connection the
 * job was submitted over. Thread-safe; calls never block. If the client has gone, the futures fail
 * (so collect sinks fail instead of waiting forever) and the job's result is dropped.
 */
public final class RpcClientGateway implements ClientGateway {

    private final RpcConnection connection;

    public RpcClientGateway(RpcConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    @Override
    public void jobStatusChanged(JobStatusUpdate update) {
        connection.send(new JobStatusChanged(update));
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo result) {
        return RpcMasterGateway.ack(connection.request(new JobFinished(result), ClusterProtocol.REQUEST_TIMEOUT));
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
        return RpcMasterGateway.ack(connection.request(new ClientCollectBatch(job, collectId, batch), ClusterProtocol.COLLECT_TIMEOUT));
    }

    @Override
    public void collectFinished(JobId job, String collectId) {
        connection.send(new ClientCollectFinished(job, collectId));
    }

    @Override
    public String toString() {
        return "RpcClientGateway{" + connection.remoteAddress() + "}";
    }
}
