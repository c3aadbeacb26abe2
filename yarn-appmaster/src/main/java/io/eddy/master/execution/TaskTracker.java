package io.eddy.master.execution;

import io.eddy.master.workers.RegisteredWorker;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves a job's tasks between states and records each move in the job's task history ({@link
 * TaskEvent}): the scheduler records deployments, the job manager the states workers report, and
 * job manager and failover cancel tasks through {@link #cancel}.
 *
 * <p>Owned by the master's main thread, like the execution graph whose vertices it moves; the
 * history's order is the order in which the master acted and heard.
 */
public final class TaskTracker {

    private final Clock clock;
    private final List<TaskEvent> history = new ArrayList<>();

    public TaskTracker(Clock clock) {
        this.clock = clock;
    }

    /** Marks {@code task} deployed and records the deployment. */
    public void deploying(ExecutionVertex task) {
        task.markDeployed();
        history.add(new TaskEvent(task.id(), task.taskName(), TaskEvent.Kind.DEPLOYING, clock.millis()));
    }

    /** Moves {@code task} to {@code state} and records it; false if the task had ended already. */
    public boolean transition(ExecutionVertex task, TaskExecutionState state, byte[] accumulatorsOrNull) {
        if (!task.transitionTo(state, accumulatorsOrNull)) {
            return false;
        }
        history.add(new TaskEvent(task.id(), task.taskName(), TaskEvent.Kind.of(state), clock.millis()));
        return true;
    }

    /**
     * Ends {@code task} if it has not ended: a task never deployed is CANCELED at once, a task of a
     * lost worker FAILED at once; else its worker is asked to cancel it and the task ends when the
     * worker reports so.
     *
     * @param markRequested whether to remember that the master asked (a cancellation the master did
     *     not ask for fails the job)
     */
    public void cancel(ExecutionVertex task, boolean markRequested) {
        if (task.isTerminal()) {
            return;
        }
        if (!task.isDeployed()) {
            transition(task, TaskExecutionState.CANCELED, null);
        } else if (task.worker().isLost()) {
            transition(task, TaskExecutionState.FAILED, null);
        } else {
            if (markRequested) {
                task.markCancelRequested();
            }
            task.worker().gateway().cancelTask(task.id());
        }
    }

    /** Fails every deployed task of {@code graph} on {@code worker} that had not ended (the worker was lost); returns them. */
    public List<ExecutionVertex> failTasksOf(RegisteredWorker worker, ExecutionGraph graph) {
        List<ExecutionVertex> failed = new ArrayList<>();
        for (ExecutionVertex t : graph.tasks()) {
            if (t.isDeployed() && t.worker() == worker && transition(t, TaskExecutionState.FAILED, null)) {
                failed.add(t);
            }
        }
        return failed;
    }

    /** The job's task history so far (a copy). */
    public List<TaskEvent> history() {
        return List.copyOf(history);
    }
}
