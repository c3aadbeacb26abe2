package io.eddy.master;

import io.eddy.configuration.Configuration;
import io.eddy.master.failover.RestartOptions;
import io.eddy.master.failover.RestartStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The master's settings.
 *
 * @param slotWaitTimeout see {@link MasterOptions#SLOT_WAIT_TIMEOUT}
 * @param cancelTimeout see {@link MasterOptions#CANCEL_TIMEOUT}
 * @param retainedEndedJobs see {@link MasterOptions#RETAINED_JOBS}
 * @param tempDirectory where the master stores job jars to read accumulators and collect sink ids
 * @param jobDefaults the cluster's values of per-job settings ({@link RestartOptions}); a job graph's
 *     own settings take precedence
 */
public record MasterConfig(Duration slotWaitTimeout, Duration cancelTimeout, int retainedEndedJobs, Path tempDirectory,
        Map<String, String> jobDefaults) {

    public MasterConfig {
        Objects.requireNonNull(slotWaitTimeout, "slotWaitTimeout");
        Objects.requireNonNull(cancelTimeout, "cancelTimeout");
        Objects.requireNonNull(tempDirectory, "tempDirectory");
        jobDefaults = Map.copyOf(jobDefaults);
        if (slotWaitTimeout.isNegative() || cancelTimeout.isNegative()) {
            throw new IllegalArgumentException("master timeouts: slot wait " + slotWaitTimeout + ", cancel " + cancelTimeout + " (expected: >= 0)");
        }
        if (retainedEndedJobs < 0) {
            throw new IllegalArgumentException(MasterOptions.RETAINED_JOBS.key() + ": " + retainedEndedJobs + " (expected: >= 0)");
        }
        RestartStrategy.from(new Configuration(jobDefaults));
    }

    /** Settings without cluster-wide job defaults (every job runs with the restart strategy 'none' unless it sets one). */
    public MasterConfig(Duration slotWaitTimeout, Duration cancelTimeout, int retainedEndedJobs, Path tempDirectory) {
        this(slotWaitTimeout, cancelTimeout, retainedEndedJobs, tempDirectory, Map.of());
    }

    public static MasterConfig fromConfiguration(Configuration conf) {
        return new MasterConfig(conf.get(MasterOptions.SLOT_WAIT_TIMEOUT), conf.get(MasterOptions.CANCEL_TIMEOUT),
                conf.get(MasterOptions.RETAINED_JOBS), Path.of(System.getProperty("java.io.tmpdir")), restartSettingsOf(conf));
    }

    public static MasterConfig defaults() {
        return fromConfiguration(new Configuration());
    }

    public MasterConfig withSlotWaitTimeout(Duration timeout) {
        return new MasterConfig(timeout, cancelTimeout, retainedEndedJobs, tempDirectory, jobDefaults);
    }

    public MasterConfig withCancelTimeout(Duration timeout) {
        return new MasterConfig(slotWaitTimeout, timeout, retainedEndedJobs, tempDirectory, jobDefaults);
    }

    /**
     * These settings with the cluster's restart strategy set to {@code restartSettings} (keys of {@link
     * RestartOptions}), e.g. {@code Map.of("restart-strategy", "fixed-delay")}.
     */
    public MasterConfig withRestartStrategy(Map<String, String> restartSettings) {
        return new MasterConfig(slotWaitTimeout, cancelTimeout, retainedEndedJobs, tempDirectory,
                restartSettingsOf(new Configuration(restartSettings)));
    }

    private static Map<String, String> restartSettingsOf(Configuration conf) {
        Map<String, String> restart = new java.util.TreeMap<>();
        conf.toMap().forEach((k, v) -> {
            if (k.equals(RestartOptions.STRATEGY.key()) || k.startsWith(RestartOptions.STRATEGY.key() + ".")) {
                restart.put(k, v);
            }
        });
        return restart;
    }
}
