package io.eddy.master.failover;

import io.eddy.configuration.ConfigOption;
import java.time.Duration;

/**
 * How the master restarts a job after a task failed or a worker was lost (see {@code
 * docs/failover.md}). Set on the cluster (the master's configuration) or per job: a job graph's
 * settings under the same keys take precedence over the cluster's values.
 */
public final class RestartOptions {

    /** The restart strategies. */
    public enum Strategy {
        /** The first failure fails the job. */
        NONE,
        /** Up to {@link #FIXED_DELAY_ATTEMPTS} restarts, each after {@link #FIXED_DELAY_DELAY}. */
        FIXED_DELAY,
        /** Restarts after {@link #FAILURE_RATE_DELAY} unless more than the allowed failures fell within the interval. */
        FAILURE_RATE
    }

    public static final ConfigOption<Strategy> STRATEGY = ConfigOption.of("restart-strategy", Strategy.class, Strategy.NONE,
            "What the master does when a task fails or a worker is lost: 'none' fails the job at the first failure; 'fixed-delay'"
                    + " and 'failure-rate' restart the failed pipelined region (and the regions that must run again with it)."
                    + " A streaming job with checkpoints restarts all its tasks from its latest completed checkpoint; without an explicit"
                    + " strategy in the job or the cluster it gets fixed-delay (3 attempts, 1 s).");

    public static final ConfigOption<Integer> FIXED_DELAY_ATTEMPTS = ConfigOption.of("restart-strategy.fixed-delay.attempts",
            Integer.class, 3, "With 'fixed-delay': how many restarts a job may make before the next failure fails it.");

    public static final ConfigOption<Duration> FIXED_DELAY_DELAY = ConfigOption.of("restart-strategy.fixed-delay.delay",
            Duration.class, Duration.ofSeconds(1), "With 'fixed-delay': how long the master waits before it redeploys the restarted tasks.");

    public static final ConfigOption<Integer> FAILURE_RATE_MAX_FAILURES = ConfigOption.of(
            "restart-strategy.failure-rate.max-failures-per-interval", Integer.class, 1,
            "With 'failure-rate': how many failures within one interval are restarted; one more fails the job.");

    public static final ConfigOption<Duration> FAILURE_RATE_INTERVAL = ConfigOption.of("restart-strategy.failure-rate.interval",
            Duration.class, Duration.ofMinutes(1), "With 'failure-rate': the sliding interval over which failures are counted.");

    public static final ConfigOption<Duration> FAILURE_RATE_DELAY = ConfigOption.of("restart-strategy.failure-rate.delay",
            Duration.class, Duration.ofSeconds(1), "With 'failure-rate': how long the master waits before it redeploys the restarted tasks.");

    private RestartOptions() {}
}
