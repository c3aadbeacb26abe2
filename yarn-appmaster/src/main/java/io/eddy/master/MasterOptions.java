package io.eddy.master;

import io.eddy.configuration.ConfigOption;
import java.time.Duration;

/** Configuration options of the master. */
public final class MasterOptions {

    public static final ConfigOption<Duration> SLOT_WAIT_TIMEOUT = ConfigOption.of("master.slot-wait-timeout", Duration.class,
            Duration.ofSeconds(10),
            "How long a submitted job waits for enough free slots (workers registering, other jobs ending) before it fails.");

    public static final ConfigOption<Duration> CANCEL_TIMEOUT = ConfigOption.of("master.cancel-timeout", Duration.class,
            Duration.ofSeconds(10),
            "How long a failing or cancelled job waits for its tasks to confirm that they ended before the master gives up on them.");

    public static final ConfigOption<Integer> RETAINED_JOBS = ConfigOption.of("master.retained-ended-jobs", Integer.class, 100,
            "How many ended jobs the master keeps for job listings.");

    private MasterOptions() {}
}
