package io.eddy.master;

import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;

/**
 * One subtask of a job vertex in the execution graph: where it runs, how it is wired, and its last
 * known state. Owned by the master's main thread.
 */
final class ExecutionVertex {

    private final TaskId id;
    private final String taskName;
    private final RegisteredWorker worker;
    private final TaskDeploymentSpec spec;
    /** Owned by the master's main thread. */
    private TaskExecutionState state = TaskExecutionState.CREATED;
    /** Owned by the master's main thread: the serialized accumulators once FINISHED. */
    private byte[] accumulators;
    /** Owned by the master's main thread: whether the deployment was sent to the worker. */
    private boolean deployed;

    ExecutionVertex(TaskId id, String taskName, RegisteredWorker worker, TaskDeploymentSpec spec) {
        this.id = id;
        this.taskName = taskName;
        this.worker = worker;
        this.spec = spec;
    }

    TaskId id() {
        return id;
    }

    /** The vertex name with the subtask, e.g. {@code Map (2/4)}. */
    String taskName() {
        return taskName;
    }

    RegisteredWorker worker() {
        return worker;
    }

    TaskDeploymentSpec spec() {
        return spec;
    }

    boolean isDeployed() {
        return deployed;
    }

    void markDeployed() {
        deployed = true;
    }

    TaskExecutionState state() {
        return state;
    }

    boolean isTerminal() {
        return state.isTerminal();
    }

    byte[] accumulators() {
        return accumulators;
    }

    /** Moves to {@code newState}; a terminal state is final (later updates are ignored and return false). */
    boolean transitionTo(TaskExecutionState newState, byte[] finishedAccumulators) {
        if (state.isTerminal()) {
            return false;
        }
        state = newState;
        if (newState == TaskExecutionState.FINISHED) {
            accumulators = finishedAccumulators;
        }
        return true;
    }

    @Override
    public String toString() {
        return "'" + taskName + "' (" + id + ") on " + worker.id() + ": " + state;
    }
}
