package io.eddy.master.execution;

import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import java.util.Objects;

/**
 * One entry of a job's task history as the master saw it: a deployment sent to a worker, or a task
 * state reported by one (or decided by the master, e.g. CANCELED for a task never deployed). The
 * master appends them on its main thread, so their order is the order in which it acted and heard.
 *
 * @param task the task
 * @param taskName the task's name with its subtask, e.g. {@code Map (2/4)}
 * @param kind what happened
 * @param timeMillis the master's clock at that moment
 */
public record TaskEvent(TaskId task, String taskName, Kind kind, long timeMillis) {

    /** What happened to the task. */
    public enum Kind {
        DEPLOYING, RUNNING, FINISHED, CANCELED, FAILED;

        static Kind of(TaskExecutionState state) {
            return switch (state) {
                case CREATED -> throw new IllegalArgumentException("Bug: CREATED is no task event");
                case RUNNING -> RUNNING;
                case FINISHED -> FINISHED;
                case CANCELED -> CANCELED;
                case FAILED -> FAILED;
            };
        }
    }

    public TaskEvent {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(taskName, "taskName");
        Objects.requireNonNull(kind, "kind");
    }
}
