package io.eddy.master.client;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's client as its {@link ClientRelay}, {@link CollectRelay} and {@link JobProgress} see it:
 * the client that submitted the job, until another attaches ({@code Master.attachJob}, e.g. a
 * client that lost its connection to a master that was restarted). Every call goes to the client
 * attached at the time of the call; the previous one hears nothing more. The job's result is kept:
 * a client that attaches after the job ended gets it at once. A client that does not take the
 * result is logged, not retried.
 *
 * <p>Owned by the master's main thread, like the {@link ClientRelay} that holds it.
 */
final class AttachableClient implements ClientGateway {

    private static final Logger LOG = LoggerFactory.getLogger(AttachableClient.class);

    private ClientGateway current;
    /** The job's result once it ended, for a client that attaches later; null before. */
    private JobResultInfo result;

    AttachableClient(ClientGateway first) {
        this.current = Objects.requireNonNull(first, "first");
    }

    /** From now on, calls go to {@code next}; if the job has ended, its result goes there at once. */
    void attach(ClientGateway next) {
        this.current = Objects.requireNonNull(next, "next");
        if (result != null) {
            report(result);
        }
    }

    @Override
    public void jobStatusChanged(JobStatusUpdate update) {
        current.jobStatusChanged(update);
    }

    @Override
    public CompletableFuture<Void> jobFinished(JobResultInfo result) {
        this.result = Objects.requireNonNull(result, "result");
        return report(result);
    }

    private CompletableFuture<Void> report(JobResultInfo result) {
        return current.jobFinished(result).whenComplete((v, e) -> {
            if (e != null) {
                LOG.warn("Job {}: the client did not take the job's result", result.job(), e);
            }
        });
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
