package io.eddy.master.failover;

import io.eddy.configuration.Configuration;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

/**
 * Decides whether a job may restart after a failure, and after which delay. One instance per job,
 * asked once per failure (failures that happen while a restart is pending for the same tasks are
 * not counted again). Time comes from the caller (the master's clock), so tests drive it directly.
 *
 * <p>Owned by the master's main thread.
 */
public abstract class RestartStrategy {

    /** What to do about one failure. */
    record Decision(boolean restart, Duration delay, String reason) {

        static Decision restartAfter(Duration delay, String reason) {
            return new Decision(true, delay, reason);
        }

        static Decision fail(String reason) {
            return new Decision(false, Duration.ZERO, reason);
        }
    }

    /** Records a failure at {@code nowMillis} and decides. */
    abstract Decision onFailure(long nowMillis);

    /** Whether this is the strategy 'none' (failures then read exactly as without failover). */
    boolean isNone() {
        return this instanceof None;
    }

    /** E.g. {@code fixed-delay (2 attempts, delay 1s)}. */
    abstract String describe();

    @Override
    public String toString() {
        return describe();
    }

    /** The strategy a job runs with: its graph's settings over the cluster's configuration. */
    public static RestartStrategy forJob(Configuration cluster, Map<String, String> jobSettings) {
        return from(cluster.merge(new Configuration(jobSettings)));
    }

    /**
     * The strategy the configuration names.
     *
     * @throws IllegalArgumentException naming the option if a value is out of range
     */
    public static RestartStrategy from(Configuration conf) {
        return switch (conf.get(RestartOptions.STRATEGY)) {
            case NONE -> none();
            case FIXED_DELAY -> fixedDelay(atLeast(RestartOptions.FIXED_DELAY_ATTEMPTS.key(), conf.get(RestartOptions.FIXED_DELAY_ATTEMPTS), 0),
                    conf.get(RestartOptions.FIXED_DELAY_DELAY));
            case FAILURE_RATE -> failureRate(atLeast(RestartOptions.FAILURE_RATE_MAX_FAILURES.key(),
                    conf.get(RestartOptions.FAILURE_RATE_MAX_FAILURES), 1), conf.get(RestartOptions.FAILURE_RATE_INTERVAL),
                    conf.get(RestartOptions.FAILURE_RATE_DELAY));
        };
    }

    private static int atLeast(String key, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(key + ": " + value + " (expected: >= " + min + "); set it in the cluster configuration"
                    + " or the job's settings");
        }
        return value;
    }

    static RestartStrategy none() {
        return new None();
    }

    static RestartStrategy fixedDelay(int attempts, Duration delay) {
        return new FixedDelay(attempts, requireNonNegative(delay, RestartOptions.FIXED_DELAY_DELAY.key()));
    }

    static RestartStrategy failureRate(int maxFailuresPerInterval, Duration interval, Duration delay) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(RestartOptions.FAILURE_RATE_INTERVAL.key() + ": " + interval + " (expected: > 0)");
        }
        return new FailureRate(maxFailuresPerInterval, interval, requireNonNegative(delay, RestartOptions.FAILURE_RATE_DELAY.key()));
    }

    private static Duration requireNonNegative(Duration d, String key) {
        if (d.isNegative()) {
            throw new IllegalArgumentException(key + ": " + d + " (expected: >= 0)");
        }
        return d;
    }

    /** Never restarts. */
    private static final class None extends RestartStrategy {
        @Override
        Decision onFailure(long nowMillis) {
            return Decision.fail("the restart strategy is 'none' (set " + RestartOptions.STRATEGY.key() + " to restart failed tasks)");
        }

        @Override
        String describe() {
            return "none";
        }
    }

    /** At most {@code attempts} restarts over the job's life, each after {@code delay}. */
    private static final class FixedDelay extends RestartStrategy {
        private final int attempts;
        private final Duration delay;
        /** Owned by the master's main thread. */
        private int restarts;

        FixedDelay(int attempts, Duration delay) {
            this.attempts = attempts;
            this.delay = delay;
        }

        @Override
        Decision onFailure(long nowMillis) {
            if (restarts >= attempts) {
                return Decision.fail("the restart strategy " + describe() + " made all its " + attempts + " restart(s)");
            }
            restarts++;
            return Decision.restartAfter(delay, "restart " + restarts + " of " + attempts);
        }

        @Override
        String describe() {
            return "fixed-delay (" + attempts + " attempt(s), delay " + delay.toMillis() + " ms)";
        }
    }

    /** Restarts unless this failure is one more than {@code maxFailures} within the last {@code interval}. */
    private static final class FailureRate extends RestartStrategy {
        private final int maxFailures;
        private final Duration interval;
        private final Duration delay;
        /** Owned by the master's main thread: the times of the latest failures, oldest first. */
        private final Deque<Long> failures = new ArrayDeque<>();

        FailureRate(int maxFailures, Duration interval, Duration delay) {
            this.maxFailures = maxFailures;
            this.interval = interval;
            this.delay = delay;
        }

        @Override
        Decision onFailure(long nowMillis) {
            failures.addLast(nowMillis);
            while (!failures.isEmpty() && failures.peekFirst() <= nowMillis - interval.toMillis()) {
                failures.removeFirst();
            }
            if (failures.size() > maxFailures) {
                return Decision.fail("the restart strategy " + describe() + " saw " + failures.size() + " failures within "
                        + interval.toMillis() + " ms");
            }
            return Decision.restartAfter(delay, "failure " + failures.size() + " of at most " + maxFailures + " per "
                    + interval.toMillis() + " ms");
        }

        @Override
        String describe() {
            return "failure-rate (" + maxFailures + " failure(s) per " + interval.toMillis() + " ms, delay " + delay.toMillis() + " ms)";
        }
    }
}
