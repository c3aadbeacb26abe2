package io.eddy.master;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A job's client as its {@link JobManager}, {@link CollectRelay} and {@link JobProgress} see it:
 * the client that submitted the job, until another attaches ({@link Master#attachJob}, e.g. a
 * client that lost its connection to a master that was restarted). Every call goes to the client
 * attached at the time of the call; the previous one hears nothing more.
 *
 * <p>Owned by the master's main thread, like the job manager that holds it.
 */
final class AttachableClient implements ClientGateway {

    private ClientGateway current;

    AttachableClient(ClientGateway first) {
        this.current = Objects.requireNonNull(first, "first");
    }

    /** From now on, calls go to {@code next}. */
    void attach(ClientGateway next) {
        this.current = Objects.requireNonNull(next, "next");
    }

    @Override
    public void jobStatusChanged(JobStatusUpdate update) {
        current.jobStatusChanged(update);
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo result) {
        return current.jobFinished(result);
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
        return current.collectBatch(job, collectId, batch);
    }

    @Override
    public void collectFinished(JobId job, String collectId) {
        current.collectFinished(job, collectId);
    }

    @Override
    public String toString() {
        return current.toString();
    }
}
