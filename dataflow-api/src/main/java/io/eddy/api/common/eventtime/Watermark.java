package io.eddy.api.common.eventtime;

import java.io.Serializable;

/**
 * A watermark as user code sees it: the assertion that no more records with a timestamp at or
 * below {@link #getTimestamp()} are expected. Emitted by {@link WatermarkGenerator}s through a
 * {@link WatermarkOutput}, and by sources through {@code SourceContext.emitWatermark}. Immutable.
 */
public final class Watermark implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The watermark that ends event time: every timer and window fires. */
    public static final Watermark MAX_WATERMARK = new Watermark(Long.MAX_VALUE);

    private final long timestamp;

    public Watermark(long timestamp) {
        this.timestamp = timestamp;
    }

    /** The event time in milliseconds that has passed. */
    public long getTimestamp() {
        return timestamp;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Watermark other && other.timestamp == timestamp;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(timestamp);
    }

    @Override
    public String toString() {
        return "Watermark @ " + timestamp;
    }
}
