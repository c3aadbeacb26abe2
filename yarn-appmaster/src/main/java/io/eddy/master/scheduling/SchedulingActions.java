package io.eddy.master.scheduling;

import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import java.util.Optional;

/** What a {@link JobScheduler} asks of its job and master. Called on the master's main thread only. */
public interface SchedulingActions {

    /**
     * Tells the master's worker supply that the job cannot get its slots now; empty if they may still
     * come, else why they never will.
     */
    Optional<String> demandSlots();

    /** Why {@code slots} slots cannot be had now, and what to do about it. */
    String describeShortage(int slots);

    /** The job did not get its slots ({@code message} says why): it fails. */
    void slotWaitFailed(String message);

    /** {@code spec} with the state its task restores, if any, and where its loop resumes after an iteration snapshot, if it does. */
    TaskDeploymentSpec withRestore(TaskDeploymentSpec spec);

    /** {@code worker} could not prepare the job. */
    void prepareFailed(RegisteredWorker worker, Throwable cause);

    /** The deployment of {@code task}'s current attempt failed. */
    void deployFailed(ExecutionVertex task, FailureInfo cause);
}
