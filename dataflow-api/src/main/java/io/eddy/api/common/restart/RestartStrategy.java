package io.eddy.api.common.restart;

import io.eddy.configuration.Configuration;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How the master restarts a job after a task failed or a worker was lost; set with {@code
 * env.setRestartStrategy(...)}. A job that sets none runs with the cluster's strategy, or, when
 * it has checkpointing on and the cluster names none either, with {@link #DEFAULT_WITH_CHECKPOINTING}.
 * A streaming job restarts all its tasks from the latest completed checkpoint.
 *
 * <p>Travels in the job's settings under the keys of the master's {@code RestartOptions}.
 */
public final class RestartStrategy {

    /** The strategy of a job with checkpointing on when neither the job nor the cluster names one: 3 restarts, 1 s apart. */
    public static final RestartStrategy DEFAULT_WITH_CHECKPOINTING = fixedDelay(3, Duration.ofSeconds(1));

    /** The settings key of the strategy's name. */
    public static final String KEY = "restart-strategy";

    private final Map<String, String> settings;

    private RestartStrategy(Map<String, String> settings) {
        this.settings = Map.copyOf(settings);
    }

    /** The first failure fails the job. */
    public static RestartStrategy none() {
        return new RestartStrategy(Map.of(KEY, "none"));
    }

    /**
     * Up to {@code attempts} restarts over the job's life, each {@code delay} after the failure.
     *
     * @throws IllegalArgumentException if {@code attempts} is negative or {@code delay} negative
     */
    public static RestartStrategy fixedDelay(int attempts, Duration delay) {
        if (attempts < 0) {
            throw new IllegalArgumentException("fixedDelay: attempts " + attempts + " (expected: >= 0)");
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put(KEY, "fixed-delay");
        s.put(KEY + ".fixed-delay.attempts", String.valueOf(attempts));
        s.put(KEY + ".fixed-delay.delay", millis("fixedDelay: delay", delay));
        return new RestartStrategy(s);
    }

    /**
     * Restarts {@code delay} after a failure unless more than {@code maxFailuresPerInterval}
     * failures fell within the last {@code interval}.
     *
     * @throws IllegalArgumentException if {@code maxFailuresPerInterval} < 1, {@code interval} is not positive or {@code delay} negative
     */
    public static RestartStrategy failureRate(int maxFailuresPerInterval, Duration interval, Duration delay) {
        if (maxFailuresPerInterval < 1) {
            throw new IllegalArgumentException("failureRate: maxFailuresPerInterval " + maxFailuresPerInterval + " (expected: >= 1)");
        }
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("failureRate: interval " + interval + " (expected: > 0)");
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put(KEY, "failure-rate");
        s.put(KEY + ".failure-rate.max-failures-per-interval", String.valueOf(maxFailuresPerInterval));
        s.put(KEY + ".failure-rate.interval", millis("failureRate: interval", interval));
        s.put(KEY + ".failure-rate.delay", millis("failureRate: delay", delay));
        return new RestartStrategy(s);
    }

    private static String millis(String what, Duration d) {
        Objects.requireNonNull(d, what);
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " " + d + " (expected: >= 0)");
        }
        return d.toMillis() + "ms";
    }

    /** The job settings that select this strategy. */
    public Map<String, String> toSettings() {
        return settings;
    }

    /**
     * The restart settings of a job: {@code strategy}'s if it is not null (what the program set),
     * else the {@value #KEY} keys of the program's {@code configuration}; empty if neither names
     * one (the job then runs with the cluster's strategy).
     */
    public static Map<String, String> jobSettings(Configuration configuration, RestartStrategy strategy) {
        if (strategy != null) {
            return strategy.toSettings();
        }
        Map<String, String> fromConfiguration = new TreeMap<>();
        configuration.toMap().forEach((key, value) -> {
            if (key.startsWith(KEY)) {
                fromConfiguration.put(key, value);
            }
        });
        return fromConfiguration;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RestartStrategy r && r.settings.equals(settings);
    }

    @Override
    public int hashCode() {
        return settings.hashCode();
    }

    @Override
    public String toString() {
        return "RestartStrategy" + settings;
    }
}
