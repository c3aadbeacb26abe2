package io.eddy.runtime.streamrecord;

/**
 * Whether a stream currently produces watermarks: an {@link #IDLE} stream (a source partition
 * without data, say) must not hold back the event time of its consumers, which take the minimum
 * only over their {@link #ACTIVE} input channels (see {@link StatusWatermarkValve}). Serialized
 * with tag {@code 3} by {@link StreamElementSerializer}. A producer that sends records or
 * watermarks again first sends {@link #ACTIVE}.
 *
 * <p>Two immutable instances.
 */
public final class WatermarkStatus extends StreamElement {

    public static final WatermarkStatus IDLE = new WatermarkStatus(true);
    public static final WatermarkStatus ACTIVE = new WatermarkStatus(false);

    private final boolean idle;

    private WatermarkStatus(boolean idle) {
        this.idle = idle;
    }

    /** The status for the serialized flag. */
    public static WatermarkStatus of(boolean idle) {
        return idle ? IDLE : ACTIVE;
    }

    public boolean isIdle() {
        return idle;
    }

    public boolean isActive() {
        return !idle;
    }

    @Override
    public String toString() {
        return idle ? "WatermarkStatus(IDLE)" : "WatermarkStatus(ACTIVE)";
    }
}
