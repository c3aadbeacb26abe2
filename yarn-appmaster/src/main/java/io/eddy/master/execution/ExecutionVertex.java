package io.eddy.master.execution;

import io.eddy.master.workers.RegisteredWorker;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;

/**
 * One subtask of a job vertex in the execution graph and its current attempt: where the attempt
 * runs (or will run), how it is wired, and its last known state. A restart ({@link #resetForRestart})
 * starts a new attempt of the same subtask: a new {@link TaskId} (attempt + 1), state CREATED, no
 * accumulators, not deployed. Updates about older attempts are not this vertex's any more (see
 * {@link ExecutionGraph#task}).
 *
 * <pre>
 * CREATED --deploy--> (deployed) --RUNNING--> FINISHED | FAILED | CANCELED --resetForRestart--> CREATED (attempt + 1)
 * </pre>
 *
 * <p>Owned by the master's main thread.
 */
public final class ExecutionVertex {

    private final String taskName;
    /** Owned by the master's main thread: the current attempt's id. */
    private TaskId id;
    /** Owned by the master's main thread: the current attempt's worker (the lane's worker until it is deployed). */
    private RegisteredWorker worker;
    /** Owned by the master's main thread: the current attempt's deployment, once computed. */
    private TaskDeploymentSpec spec;
    /** Owned by the master's main thread. */
    private TaskExecutionState state = TaskExecutionState.CREATED;
    /** Owned by the master's main thread: the serialized accumulators once FINISHED. */
    private byte[] accumulators;
    /** Owned by the master's main thread: whether the deployment was sent to the worker. */
    private boolean deployed;
    /** Owned by the master's main thread: whether the master asked the worker to cancel this attempt. */
    private boolean cancelRequested;

    public ExecutionVertex(TaskId id, String taskName, RegisteredWorker worker, TaskDeploymentSpec spec) {
        this.id = id;
        this.taskName = taskName;
        this.worker = worker;
        this.spec = spec;
    }

    /** The current attempt's id. */
    public TaskId id() {
        return id;
    }

    public int attempt() {
        return id.attempt();
    }

    /** The vertex name with the subtask, e.g. {@code Map (2/4)}. */
    public String taskName() {
        return taskName;
    }

    public RegisteredWorker worker() {
        return worker;
    }

    public TaskDeploymentSpec spec() {
        return spec;
    }

    public boolean isDeployed() {
        return deployed;
    }

    public void markDeployed() {
        deployed = true;
    }

    /** Fixes where and how the current attempt is deployed (called right before it is sent). */
    public void assignDeployment(RegisteredWorker target, TaskDeploymentSpec deployment) {
        if (deployed) {
            throw new IllegalStateException("Bug: task " + this + " is deployed already");
        }
        this.worker = target;
        this.spec = deployment;
    }

    public boolean isCancelRequested() {
        return cancelRequested;
    }

    public void markCancelRequested() {
        cancelRequested = true;
    }

    public TaskExecutionState state() {
        return state;
    }

    public boolean isTerminal() {
        return state.isTerminal();
    }

    public byte[] accumulators() {
        return accumulators;
    }

    /** Moves to {@code newState}; a terminal state is final (later updates are ignored and return false). */
    public boolean transitionTo(TaskExecutionState newState, byte[] finishedAccumulators) {
        if (state.isTerminal()) {
            return false;
        }
        state = newState;
        if (newState == TaskExecutionState.FINISHED) {
            accumulators = finishedAccumulators;
        }
        return true;
    }

    /**
     * Starts the next attempt of this subtask on {@code lane}'s worker: the previous attempt must have
     * ended; its accumulators are dropped, so a finished attempt that runs again is not counted twice.
     */
    public void resetForRestart(RegisteredWorker laneWorker) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("Bug: restarting task " + this + " before its attempt ended");
        }
        id = new TaskId(id.job(), id.vertex(), id.subtask(), id.attempt() + 1);
        worker = laneWorker;
        spec = null;
        state = TaskExecutionState.CREATED;
        accumulators = null;
        deployed = false;
        cancelRequested = false;
    }

    @Override
    public String toString() {
        return "'" + taskName + "' (" + id + ") on " + worker.id() + ": " + state;
    }
}
