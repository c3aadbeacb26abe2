package io.eddy.master.checkpoint;

import java.io.Serializable;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Figures of a job's checkpoints, kept by its coordinator and returned with the job's result as
 * accumulators (see {@link #asAccumulators()}): how many completed and failed, how long completed
 * ones took from trigger to metadata (p50, p99, max) and how much state the last one held.
 * Savepoints are not counted. Owned by the coordinator's thread.
 */
public final class CheckpointStats {

    /** Prefix of the accumulator names. */
    public static final String PREFIX = "checkpoints.";

    private long[] durations = new long[16];
    private int completed;
    private long failed;
    private long lastSize;
    private long maxSize;

    void completed(long durationMillis, long stateSize) {
        if (completed == durations.length) {
            durations = Arrays.copyOf(durations, completed * 2);
        }
        durations[completed++] = durationMillis;
        lastSize = stateSize;
        maxSize = Math.max(maxSize, stateSize);
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
     * The figures as accumulator values: {@code checkpoints.completed}, {@code checkpoints.failed},
     * {@code checkpoints.duration-p50-ms}, {@code checkpoints.duration-p99-ms}, {@code
     * checkpoints.duration-max-ms}, {@code checkpoints.last-size-bytes}, {@code
     * checkpoints.max-size-bytes} (all {@code Long}).
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
        return values;
    }
}
