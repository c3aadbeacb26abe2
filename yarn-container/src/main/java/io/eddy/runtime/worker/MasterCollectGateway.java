package io.eddy.runtime.worker;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.operators.CollectGateway;
import java.util.concurrent.ExecutionException;

/**
 * The collect gateway of one job's tasks on a worker: sends each batch to the master and blocks the
 * sink's task thread until the client has queued it, which is the back pressure of a collect
 * stream. Thread-safe (stateless); called from task threads.
 */
final class MasterCollectGateway implements CollectGateway {

    private final JobId job;
    private final MasterGateway master;

    MasterCollectGateway(JobId job, MasterGateway master) {
        this.job = job;
        this.master = master;
    }

    @Override
    public void send(String collectId, int subtask, byte[] batch) throws InterruptedException {
        try {
            master.collectBatch(job, collectId, subtask, batch).get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("Collect stream '" + collectId + "' of job " + job + " no longer accepts records from subtask "
                    + subtask + ": " + cause.getMessage() + ". The client may have closed the stream or the job has ended.", cause);
        }
    }

    @Override
    public void finish(String collectId, int subtask) {
        master.collectFinished(job, collectId, subtask);
    }
}
