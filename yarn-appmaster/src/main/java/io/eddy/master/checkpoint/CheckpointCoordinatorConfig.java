package io.eddy.master.checkpoint;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import java.time.Duration;
import java.util.Locale;

/**
 * The settings a {@link CheckpointCoordinator} runs with, read from a job's settings over the
 * cluster's defaults ({@link CheckpointingOptions}) and checked: a bad value fails the submission
 * with the option's key and what it expects.
 *
 * @param interval how often a checkpoint is triggered; zero: checkpointing is off
 * @param exactlyOnce {@code EXACTLY_ONCE} (true) or {@code AT_LEAST_ONCE}
 * @param timeout a checkpoint still pending after this long is aborted
 * @param minPause the least time between the end of one checkpoint and the trigger of the next
 * @param maxConcurrent how many checkpoints may be pending at once
 * @param retained how many completed checkpoints are kept
 * @param tolerableFailures how many checkpoints in a row may fail before the job fails; -1: any number
 */
public record CheckpointCoordinatorConfig(Duration interval, boolean exactlyOnce, Duration timeout, Duration minPause, int maxConcurrent,
        int retained, int tolerableFailures) {

    /** The smallest interval accepted: shorter ones would spend the job's time on checkpoints. */
    public static final Duration MIN_INTERVAL = Duration.ofMillis(10);

    public CheckpointCoordinatorConfig {
        if (!interval.isZero() && interval.compareTo(MIN_INTERVAL) < 0) {
            throw invalid(CheckpointingOptions.INTERVAL.key(), interval.toMillis() + " ms", "0 (off) or >= " + MIN_INTERVAL.toMillis() + " ms");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw invalid(CheckpointingOptions.TIMEOUT.key(), timeout.toMillis() + " ms", "> 0");
        }
        if (minPause.isNegative()) {
            throw invalid(CheckpointingOptions.MIN_PAUSE.key(), minPause.toMillis() + " ms", ">= 0");
        }
        if (maxConcurrent < 1) {
            throw invalid(CheckpointingOptions.MAX_CONCURRENT.key(), String.valueOf(maxConcurrent), ">= 1");
        }
        if (retained < 1) {
            throw invalid(CheckpointingOptions.RETAINED.key(), String.valueOf(retained), ">= 1");
        }
        if (tolerableFailures < -1) {
            throw invalid(CheckpointingOptions.TOLERABLE_FAILURES.key(), String.valueOf(tolerableFailures), ">= 0, or -1 for no limit");
        }
    }

    /**
     * The settings of a job: {@code jobSettings} over {@code clusterDefaults}.
     *
     * @throws IllegalArgumentException naming the option if a value is malformed or out of range
     */
    public static CheckpointCoordinatorConfig from(Configuration clusterDefaults, Configuration jobSettings) {
        Configuration c = clusterDefaults.merge(jobSettings);
        String mode = c.get(CheckpointingOptions.MODE).trim().toUpperCase(Locale.ROOT).replace('-', '_');
        if (!mode.equals("EXACTLY_ONCE") && !mode.equals("AT_LEAST_ONCE")) {
            throw invalid(CheckpointingOptions.MODE.key(), c.get(CheckpointingOptions.MODE), "EXACTLY_ONCE or AT_LEAST_ONCE");
        }
        Duration interval = c.get(CheckpointingOptions.INTERVAL);
        if (interval.isNegative()) {
            throw invalid(CheckpointingOptions.INTERVAL.key(), interval.toMillis() + " ms", "0 (off) or >= " + MIN_INTERVAL.toMillis() + " ms");
        }
        return new CheckpointCoordinatorConfig(interval, mode.equals("EXACTLY_ONCE"), c.get(CheckpointingOptions.TIMEOUT),
                c.get(CheckpointingOptions.MIN_PAUSE), c.get(CheckpointingOptions.MAX_CONCURRENT), c.get(CheckpointingOptions.RETAINED),
                c.get(CheckpointingOptions.TOLERABLE_FAILURES));
    }

    /** These settings without periodic checkpoints (interval 0), e.g. for a batch job started from a savepoint. */
    public CheckpointCoordinatorConfig withoutPeriodicCheckpoints() {
        return new CheckpointCoordinatorConfig(Duration.ZERO, exactlyOnce, timeout, minPause, maxConcurrent, retained, tolerableFailures);
    }

    /** Whether periodic checkpoints are on. */
    public boolean isEnabled() {
        return !interval.isZero();
    }

    private static IllegalArgumentException invalid(String key, String value, String expected) {
        return new IllegalArgumentException(key + ": " + value + " (expected: " + expected + "); set it with env.enableCheckpointing(...) /"
                + " env.getCheckpointConfig() or in the job's or cluster's configuration");
    }
}
