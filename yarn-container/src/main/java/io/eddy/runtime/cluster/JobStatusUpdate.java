package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.Objects;

/**
 * A step of a running job, as the master reports it to the client that submitted it ({@link
 * ClientGateway#jobStatusChanged}). The master sends a handful per job attempt, never one per task
 * event: when the tasks are deployed, when all tasks run, on each restart, and when the job starts
 * failing or cancelling. The end of the job comes as {@link JobResultInfo} instead.
 *
 * @param job the job id
 * @param status the job's state on the master; not final ({@link JobStatus#isTerminal()} is false).
 *     A restarting job stays {@link JobStatus#RUNNING} (docs/failover.md); its message says so
 * @param timestampMillis when the master saw the step, in epoch milliseconds (the master's clock)
 * @param tasksRunning how many of the job's tasks were RUNNING then
 * @param tasksTotal the number of tasks of the job (subtasks of all vertices)
 * @param messageOrNull what happened, one line, or null: e.g. {@code restarting after: Task 'Map
 *     (2/4)' on worker-2 (127.0.0.1) failed: ...; restoring checkpoint 12}
 */
public record JobStatusUpdate(JobId job, JobStatus status, long timestampMillis, int tasksRunning, int tasksTotal, String messageOrNull) {

    public JobStatusUpdate {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(status, "status");
        if (status.isTerminal()) {
            throw new IllegalArgumentException("Bug: a status update with the final status " + status + " for job " + job
                    + " (the end of a job is reported by jobFinished)");
        }
        if (tasksRunning < 0 || tasksRunning > tasksTotal) {
            throw new IllegalArgumentException("Bug: tasksRunning: " + tasksRunning + " (expected: 0.." + tasksTotal + ") for job " + job);
        }
    }

    /**
     * The update as one console line, e.g. {@code Job 'word count' (3f2a...): RUNNING, 4 of 4 tasks
     * running} or {@code ...: RUNNING, 3 of 4 tasks running; restarting after: ...}.
     *
     * @param jobName the job's name, as the client knows it
     */
    public String describe(String jobName) {
        return "Job '" + jobName + "' (" + job + "): " + status + ", " + tasksRunning + " of " + tasksTotal + " tasks running"
                + (messageOrNull == null ? "" : "; " + messageOrNull);
    }
}
