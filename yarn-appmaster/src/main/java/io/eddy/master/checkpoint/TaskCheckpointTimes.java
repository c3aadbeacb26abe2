package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetrics;

/**
 * The times the tasks of one checkpoint reported with their acknowledgements, summed: how many
 * acknowledged, and their alignment, synchronous and asynchronous parts in nanoseconds
 * ({@link CheckpointMetrics}). A value.
 */
record TaskCheckpointTimes(int tasks, long alignmentNanos, long syncNanos, long asyncNanos) {

    /** No acknowledgement yet. */
    static final TaskCheckpointTimes NONE = new TaskCheckpointTimes(0, 0, 0, 0);

    /** These times and one more acknowledgement's; {@code metrics} null (a task that reported none) adds the task only. */
    TaskCheckpointTimes plus(CheckpointMetrics metrics) {
        if (metrics == null) {
            return new TaskCheckpointTimes(tasks + 1, alignmentNanos, syncNanos, asyncNanos);
        }
        return new TaskCheckpointTimes(tasks + 1, alignmentNanos + metrics.alignmentNanos(), syncNanos + metrics.syncNanos(),
                asyncNanos + metrics.asyncNanos());
    }
}
