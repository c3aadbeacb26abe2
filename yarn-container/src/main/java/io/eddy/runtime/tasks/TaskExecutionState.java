package io.eddy.runtime.tasks;

/**
 * The states of a {@link Task}.
 *
 * <pre>
 * CREATED --start()--> RUNNING --+--> FINISHED   all input consumed, partitions finished
 *    |                           +--> FAILED     an operator or the network failed
 *    +-------cancel()------------+--> CANCELED   cancel() was called before the task ended
 * </pre>
 */
public enum TaskExecutionState {
    CREATED,
    RUNNING,
    FINISHED,
    CANCELED,
    FAILED;

    /** Whether the task has ended in this state. */
    public boolean isTerminal() {
        return this == FINISHED || this == CANCELED || this == FAILED;
    }
}
