package io.eddy.runtime.cluster;

import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import java.util.Objects;

/**
 * A task changed state on a worker (worker → master).
 *
 * @param task the task
 * @param state {@code RUNNING}, {@code FINISHED}, {@code CANCELED} or {@code FAILED}
 * @param accumulatorsOrNull for {@code FINISHED}: the task's accumulators as {@link
 *     AccumulatorBytes#serializeAccumulators} wrote them (opaque bytes); otherwise null
 * @param failureOrNull for {@code FAILED}: the cause; otherwise null
 */
public record TaskStateUpdate(TaskId task, TaskExecutionState state, byte[] accumulatorsOrNull, FailureInfo failureOrNull) {

    public TaskStateUpdate {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(state, "state");
        if (state == TaskExecutionState.FAILED && failureOrNull == null) {
            throw new IllegalArgumentException("Bug: task " + task + " reported FAILED without a cause");
        }
    }

    public static TaskStateUpdate running(TaskId task) {
        return new TaskStateUpdate(task, TaskExecutionState.RUNNING, null, null);
    }

    public static TaskStateUpdate finished(TaskId task, byte[] accumulators) {
        return new TaskStateUpdate(task, TaskExecutionState.FINISHED, accumulators, null);
    }

    public static TaskStateUpdate canceled(TaskId task) {
        return new TaskStateUpdate(task, TaskExecutionState.CANCELED, null, null);
    }

    public static TaskStateUpdate failed(TaskId task, FailureInfo failure) {
        return new TaskStateUpdate(task, TaskExecutionState.FAILED, null, failure);
    }

    @Override
    public String toString() {
        return "TaskStateUpdate{" + task + " " + state + (failureOrNull == null ? "" : ", " + failureOrNull.shortDescription()) + "}";
    }
}
