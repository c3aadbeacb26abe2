package io.eddy.master.checkpoint;

import java.io.Serializable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Figures of a job's checkpoints, kept by its coordinator and returned with the job's result as
 * accumulators (see {@link #asAccumulators()}): how many completed and failed, how long completed
 * ones took from trigger to metadata (p50, p99, max), how much state the last one held, and what
 * they cost the tasks: the alignment, synchronous and asynchronous times the tasks reported,
 * summed over the acknowledgements of every completed checkpoint (those of checkpoints that
 * failed are not counted). Savepoints are not counted. Owned by the coordinator's thread.
 */
public final class CheckpointStats {

    /** Prefix of the accumulator names. */
    public static final String PREFIX = "checkpoints.";

    private long[] durations = new long[16];
    private int completed;
    private long failed;
    private long lastSize;
    private long maxSize;
    private long acknowledgements;
    private int maxTasks;
    private long alignmentNanos;
    private long syncNanos;
    private long asyncNanos;

    void completed(long durationMillis, long stateSize, TaskCheckpointTimes times) {
        if (completed == durations.length) {
            durations = Arrays.copyOf(durations, completed * 2);
        }
        durations[completed++] = durationMillis;
        lastSize = stateSize;
        maxSize = Math.max(maxSize, stateSize);
        acknowledgements += times.tasks();
        maxTasks = Math.max(maxTasks, times.tasks());
        alignmentNanos += times.alignmentNanos();
        syncNanos += times.syncNanos();
        asyncNanos += times.asyncNanos();
    }

    void failed() {
        failed++;
    }

    public int completedCount() {
        return completed;
    }

    public long failedCount() {
        return failed;
    }

    /** The duration at {@code percentile} (0 to 100) of the completed checkpoints, or 0 if there are none. */
    public long durationPercentile(double percentile) {
        if (completed == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(durations, completed);
        Arrays.sort(sorted);
        int index = (int) Math.ceil(percentile / 100.0 * completed) - 1;
        return sorted[Math.max(0, Math.min(completed - 1, index))];
    }

    /**
     * The figures as accumulator values (all {@code Long}):
     * <ul>
     *   <li>{@code checkpoints.completed}, {@code checkpoints.failed};
     *   <li>{@code checkpoints.duration-p50-ms}, {@code checkpoints.duration-p99-ms}, {@code
     *       checkpoints.duration-max-ms}: trigger to metadata written;
     *   <li>{@code checkpoints.last-size-bytes}, {@code checkpoints.max-size-bytes};
     *   <li>{@code checkpoints.sync-total-us}, {@code checkpoints.alignment-total-us}, {@code
     *       checkpoints.async-total-us}: the tasks' synchronous parts (task thread), alignments
     *       (first barrier to last) and asynchronous parts (snapshot threads), in microseconds,
     *       summed over all acknowledgements of completed checkpoints;
     *   <li>{@code checkpoints.acknowledgements}: how many acknowledgements those sums are over;
     *   <li>{@code checkpoints.tasks}: the most tasks that acknowledged one completed checkpoint
     *       (the job's number of tasks, unless some had finished before every checkpoint).
     * </ul>
     */
    public Map<String, Serializable> asAccumulators() {
        Map<String, Serializable> values = new LinkedHashMap<>();
        values.put(PREFIX + "completed", (long) completed);
        values.put(PREFIX + "failed", failed);
        values.put(PREFIX + "duration-p50-ms", durationPercentile(50));
        values.put(PREFIX + "duration-p99-ms", durationPercentile(99));
        values.put(PREFIX + "duration-max-ms", durationPercentile(100));
        values.put(PREFIX + "last-size-bytes", lastSize);
        values.put(PREFIX + "max-size-bytes", maxSize);
        values.put(PREFIX + "sync-total-us", syncNanos / 1_000);
        values.put(PREFIX + "alignment-total-us", alignmentNanos / 1_000);
        values.put(PREFIX + "async-total-us", asyncNanos / 1_000);
        values.put(PREFIX + "acknowledgements", acknowledgements);
        values.put(PREFIX + "tasks", (long) maxTasks);
        return values;
    }

    /** The state size a checkpoint's metadata records, summed over its operators' subtasks. */
    static long stateSize(io.eddy.runtime.checkpoint.CheckpointMetadata metadata) {
        long size = 0;
        for (io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState operator : metadata.operators().values()) {
            for (var subtask : operator.subtaskStates().values()) {
                size += subtask.stateSize();
            }
        }
        return size;
    }
}
