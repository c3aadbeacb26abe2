package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.Objects;

/**
 * How a job ended, as the master reports it to the client that submitted it.
 *
 * @param job the job id
 * @param status {@link JobStatus#FINISHED}, {@link JobStatus#FAILED} or {@link JobStatus#CANCELED}
 * @param netRuntimeMillis the time from deployment to the end, in milliseconds
 * @param accumulators the merged final accumulator values: a Java-serialized {@code
 *     HashMap<String, Serializable>} ({@link AccumulatorBytes}), opaque to the transport and read
 *     by the client with the job's class loader; an empty map when the job did not finish
 * @param failureOrNull the root failure when the job failed, else null
 * @param failureSummary for a failed or cancelled job, what failed where, e.g. {@code Operator
 *     'Map (2/4)' on worker-1 (127.0.0.1) failed: ...}; otherwise empty
 */
public record JobResultInfo(JobId job, JobStatus status, long netRuntimeMillis, byte[] accumulators, FailureInfo failureOrNull, String failureSummary) {

    public JobResultInfo {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(accumulators, "accumulators");
        Objects.requireNonNull(failureSummary, "failureSummary");
        if (!status.isTerminal()) {
            throw new IllegalArgumentException("Bug: a job result with the non-final status " + status + " for job " + job);
        }
    }

    @Override
    public String toString() {
        return "JobResultInfo{job=" + job + ", status=" + status + ", runtime=" + netRuntimeMillis + " ms"
                + (failureSummary.isEmpty() ? "" : ", " + failureSummary) + "}";
    }
}
