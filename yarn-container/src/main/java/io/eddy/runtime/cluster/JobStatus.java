package io.eddy.runtime.cluster;

/**
 * The state of a job on the master.
 *
 * <pre>
 * CREATED --deployed--> RUNNING --all tasks finished--> FINISHED
 *    |                     |--task failed / worker lost--> FAILING --all tasks ended or timeout--> FAILED
 *    |                     '--cancel--> CANCELLING --all tasks ended or timeout--> CANCELED
 *    '--no slots / bad graph--> FAILED,   '--cancel--> CANCELED
 * </pre>
 */
public enum JobStatus {
    CREATED,
    RUNNING,
    FAILING,
    FAILED,
    CANCELLING,
    CANCELED,
    FINISHED;

    /** Whether the job has ended and will not change state again. */
    public boolean isTerminal() {
        return this == FAILED || this == CANCELED || this == FINISHED;
    }
}
