package io.eddy.api.common.eventtime;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Wraps a generator and marks the output idle when no record arrived for a while (measured in
 * processing time at each periodic emit), so that a quiet partition does not hold back the event
 * time downstream. The next record makes the output active again.
 */
public final class WatermarksWithIdleness<T> implements WatermarkGenerator<T> {

    private final WatermarkGenerator<T> watermarks;
    private final long idleTimeoutNanos;
    private final LongSupplier nanoClock;
    private long lastActivity;
    private boolean idle;

    /**
     * @throws IllegalArgumentException if {@code idleTimeout} is not positive
     */
    public WatermarksWithIdleness(WatermarkGenerator<T> watermarks, Duration idleTimeout) {
        this(watermarks, idleTimeout, System::nanoTime);
    }

    /** With a clock of nanoseconds (for tests). */
    WatermarksWithIdleness(WatermarkGenerator<T> watermarks, Duration idleTimeout, LongSupplier nanoClock) {
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("withIdleness: " + idleTimeout + " (expected: a positive duration)");
        }
        this.watermarks = watermarks;
        this.idleTimeoutNanos = idleTimeout.toNanos();
        this.nanoClock = nanoClock;
        this.lastActivity = nanoClock.getAsLong();
    }

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {
        watermarks.onEvent(event, eventTimestamp, output);
        lastActivity = nanoClock.getAsLong();
        idle = false;
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        if (idle) {
            return;
        }
        if (nanoClock.getAsLong() - lastActivity >= idleTimeoutNanos) {
            idle = true;
            output.markIdle();
        } else {
            watermarks.onPeriodicEmit(output);
        }
    }
}
