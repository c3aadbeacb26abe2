package io.eddy.runtime.tasks;

import io.eddy.api.common.accumulators.Accumulator;
import java.util.Map;

/**
 * Hears about a task's life cycle. Each method is called at most once per task, from the task's
 * own thread; exactly one of {@link #finished} and {@link #failed} is called (a cancelled task
 * reports {@link #failed} with a {@link java.util.concurrent.CancellationException}).
 * Implementations must not block for long: they run on the task thread.
 */
public interface TaskListener {

    /** The task has set up its inputs, outputs and operators and starts processing. */
    void running(TaskId id);

    /** The task processed all its input and finished its result partitions. */
    void finished(TaskId id, Map<String, Accumulator<?, ?>> accumulators);

    /** The task failed or was cancelled; its result partitions were failed. */
    void failed(TaskId id, Throwable cause);
}
