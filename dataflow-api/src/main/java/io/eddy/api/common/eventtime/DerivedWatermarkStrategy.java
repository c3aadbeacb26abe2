package io.eddy.api.common.eventtime;

import java.time.Duration;

/** A strategy built on another by {@link WatermarkStrategy#withTimestampAssigner} or {@link WatermarkStrategy#withIdleness}. */
final class DerivedWatermarkStrategy<T> implements WatermarkStrategy<T> {

    private static final long serialVersionUID = 1L;

    private final WatermarkStrategy<T> base;
    /** Replaces the base's assigner, or null to keep it. */
    private final TimestampAssigner<T> assigner;
    /** Wraps the base's generator in {@link WatermarksWithIdleness}, or null. */
    private final Duration idleTimeout;

    DerivedWatermarkStrategy(WatermarkStrategy<T> base, TimestampAssigner<T> assigner, Duration idleTimeout) {
        this.base = base;
        this.assigner = assigner;
        this.idleTimeout = idleTimeout;
    }

    @Override
    public WatermarkGenerator<T> createWatermarkGenerator() {
        WatermarkGenerator<T> generator = base.createWatermarkGenerator();
        return idleTimeout == null ? generator : new WatermarksWithIdleness<>(generator, idleTimeout);
    }

    @Override
    public TimestampAssigner<T> createTimestampAssigner() {
        return assigner != null ? assigner : base.createTimestampAssigner();
    }
}
