package io.eddy.runtime.iteration;

import java.util.function.Supplier;

/**
 * Objects that the tasks of one job's lane on one worker share (lane i runs subtask i of every
 * vertex, in one slot): a loop's back channel between its head and tail, a delta iteration's
 * solution set. Owned by the worker's entry of the job, not by a JVM-wide registry: they are
 * closed when the job is released from the worker, or when removed. Thread-safe.
 */
public interface LaneResources {

    /**
     * The resource of this lane under {@code key}, created by {@code create} if there is none.
     * Callers that race on one key get the same object.
     */
    <T extends AutoCloseable> T computeIfAbsent(String key, Class<T> type, Supplier<T> create);

    /**
     * Removes and closes the resource under {@code key}, if there is one. A failure to close is
     * logged, not thrown (the resource is gone either way).
     */
    void remove(String key);
}
