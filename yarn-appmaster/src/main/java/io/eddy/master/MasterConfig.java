package io.eddy.master;

import io.eddy.configuration.Configuration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The master's settings.
 *
 * @param slotWaitTimeout see {@link MasterOptions#SLOT_WAIT_TIMEOUT}
 * @param cancelTimeout see {@link MasterOptions#CANCEL_TIMEOUT}
 * @param retainedEndedJobs see {@link MasterOptions#RETAINED_JOBS}
 * @param tempDirectory where the master stores job jars to read accumulators and collect sink ids
 */
public record MasterConfig(Duration slotWaitTimeout, Duration cancelTimeout, int retainedEndedJobs, Path tempDirectory) {

    public MasterConfig {
        Objects.requireNonNull(slotWaitTimeout, "slotWaitTimeout");
        Objects.requireNonNull(cancelTimeout, "cancelTimeout");
        Objects.requireNonNull(tempDirectory, "tempDirectory");
        if (slotWaitTimeout.isNegative() || cancelTimeout.isNegative()) {
            throw new IllegalArgumentException("master timeouts: slot wait " + slotWaitTimeout + ", cancel " + cancelTimeout + " (expected: >= 0)");
        }
        if (retainedEndedJobs < 0) {
            throw new IllegalArgumentException(MasterOptions.RETAINED_JOBS.key() + ": " + retainedEndedJobs + " (expected: >= 0)");
        }
    }

    public static MasterConfig fromConfiguration(Configuration conf) {
        return new MasterConfig(conf.get(MasterOptions.SLOT_WAIT_TIMEOUT), conf.get(MasterOptions.CANCEL_TIMEOUT),
                conf.get(MasterOptions.RETAINED_JOBS), Path.of(System.getProperty("java.io.tmpdir")));
    }

    public static MasterConfig defaults() {
        return fromConfiguration(new Configuration());
    }

    public MasterConfig withSlotWaitTimeout(Duration timeout) {
        return new MasterConfig(timeout, cancelTimeout, retainedEndedJobs, tempDirectory);
    }

    public MasterConfig withCancelTimeout(Duration timeout) {
        return new MasterConfig(slotWaitTimeout, timeout, retainedEndedJobs, tempDirectory);
    }
}
