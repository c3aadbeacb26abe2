package io.eddy.master.failover;

import io.eddy.master.concurrent.JobTimers;
import java.time.Duration;
import java.util.Objects;

/**
 * The timers and time limits of a {@link JobFailover}.
 *
 * @param timers the job's thread's timers and clock
 * @param cancelTimeout how long the tasks of regions to restart may take to confirm their cancellation
 * @param cancelTimeoutKey the option that sets {@code cancelTimeout}, named when it is exceeded
 * @param slotWaitTimeout how long lanes of lost workers wait for free slots of other workers
 */
public record FailoverSettings(JobTimers timers, Duration cancelTimeout, String cancelTimeoutKey, Duration slotWaitTimeout) {

    public FailoverSettings {
        Objects.requireNonNull(timers, "timers");
        Objects.requireNonNull(cancelTimeout, "cancelTimeout");
        Objects.requireNonNull(cancelTimeoutKey, "cancelTimeoutKey");
        Objects.requireNonNull(slotWaitTimeout, "slotWaitTimeout");
    }
}
