package io.eddy.api.common.eventtime;

import java.time.Duration;

/**
 * A periodic generator for records that arrive at most a fixed time out of order: the watermark is
 * the highest timestamp seen minus that bound minus 1 (so a record exactly {@code
 * maxOutOfOrderness} behind the highest one is still on time). Emits nothing before the first record.
 */
public class BoundedOutOfOrdernessWatermarks<T> implements WatermarkGenerator<T> {

    private final long outOfOrdernessMillis;
    /** The highest timestamp seen; starts so that the first watermark computation cannot underflow. */
    private long maxTimestamp;

    /**
     * @throws IllegalArgumentException if {@code maxOutOfOrderness} is negative
     */
    public BoundedOutOfOrdernessWatermarks(Duration maxOutOfOrderness) {
        if (maxOutOfOrderness == null || maxOutOfOrderness.isNegative()) {
            throw new IllegalArgumentException("maxOutOfOrderness: " + maxOutOfOrderness + " (expected: zero or a positive duration)");
        }
        this.outOfOrdernessMillis = maxOutOfOrderness.toMillis();
        this.maxTimestamp = Long.MIN_VALUE + outOfOrdernessMillis + 1;
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        maxTimestamp = Math.max(maxTimestamp, eventTimestamp);
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        long watermark = maxTimestamp - outOfOrdernessMillis - 1;
        if (watermark > Long.MIN_VALUE) {
            output.emitWatermark(new Watermark(watermark));
        }
    }
}
