package io.eddy.configuration;

import java.time.Duration;

/** Event-time settings of a streaming program, read from its {@link Configuration} when the plan is built. See docs/event-time.md. */
public final class EventTimeOptions {

    private EventTimeOptions() {}

    /**
     * How often {@code assignTimestampsAndWatermarks} operators call their generator's {@code
     * onPeriodicEmit}; read when {@code assignTimestampsAndWatermarks} is called.
     */
    public static final ConfigOption<Duration> AUTO_WATERMARK_INTERVAL = ConfigOption.of("pipeline.auto-watermark-interval",
            Duration.class, Duration.ofMillis(200),
            "How often periodic watermark generators emit (assignTimestampsAndWatermarks); 0 turns periodic emission off");
}
