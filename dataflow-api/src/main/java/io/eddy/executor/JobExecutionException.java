package io.eddy.executor;

import io.eddy.jobgraph.JobId;

/**
 * A job failed or was cancelled. The message names what failed (operator, subtask, worker) and the
 * cause is the root failure as thrown on the worker (or a {@link RemoteFailure} where its class is
 * not available on the client).
 */
public class JobExecutionException extends Exception {

    private static final long serialVersionUID = 1L;

    private final JobId jobId;

    public JobExecutionException(JobId jobId, String message, Throwable cause) {
        super("Job " + jobId + " failed: " + message, cause);
        this.jobId = jobId;
    }

    public JobId getJobId() {
        return jobId;
    }
}
