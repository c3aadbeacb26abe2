package io.eddy.master.failover;

import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import java.util.Set;

/**
 * What a {@link JobFailover} asks of the rest of its job: the checkpoints, the client side, the
 * scheduler and the job's end. Called on the master's main thread only.
 */
public interface RestartActions {

    /** The regions that restart when {@code regions} must (a job with checkpoints restarts all of its regions). */
    Set<PipelinedRegion> regionsToRestart(Set<PipelinedRegion> regions);

    /** Why {@code regions} must not run again although the restart strategy allows it, or null if they may. */
    String restartVetoOrNull(Set<PipelinedRegion> regions);

    /** A restart was decided after {@code causeSummary}: the client and the checkpoints hear of it. */
    void restartDecided(String causeSummary);

    /** Gives every lane of a lost worker a free slot of another worker; false (and nothing moved) if too few are free. */
    boolean moveLostLanes();

    /** The cluster's free slots now. */
    int freeSlots();

    /** Why {@code slots} slots cannot be had now, and what to do about it. */
    String describeShortage(int slots);

    /** Prepares the job on the workers new to it, then runs {@code then} on the main thread (not if a preparation failed). */
    void prepareNewWorkers(Runnable then);

    /**
     * Readies the state the new attempts restore (the latest completed checkpoint).
     *
     * @throws RuntimeException if it cannot be read; the job then fails
     */
    void prepareRestore();

    /** {@code task}'s attempt ended and its next attempt is about to be created (a batch source's splits go back). */
    void beforeNewAttempt(ExecutionVertex task);

    /** The regions restarted with new attempts: deploy what is ready. */
    void restarted();

    /** No restart (is) left: the job fails with {@code failure}. */
    void fail(JobFailure failure);
}
