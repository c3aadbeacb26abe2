package io.eddy.runtime.streamrecord;

/**
 * A watermark: the assertion that no record with a timestamp at or below {@link #getTimestamp()}
 * follows on this stream (records that do are <i>late</i>). It flows in-band with the records,
 * serialized with tag {@code 2} by {@link StreamElementSerializer}, and advances the event time of
 * the operators it reaches. A source emits {@link #MAX_WATERMARK} when it ends, so event-time
 * timers and windows fire at the end of a bounded input.
 *
 * <p>Immutable; one instance may be handed to every receiver.
 */
public final class Watermark extends StreamElement {

    /** The watermark at the end of the input: all event time has passed. */
    public static final Watermark MAX_WATERMARK = new Watermark(Long.MAX_VALUE);

    /** The event time before any watermark arrived. */
    public static final Watermark UNINITIALIZED = new Watermark(Long.MIN_VALUE);

    private final long timestamp;

    public Watermark(long timestamp) {
        this.timestamp = timestamp;
    }

    /** The event time in milliseconds this watermark asserts has passed. */
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
        return "Watermark(" + (timestamp == Long.MAX_VALUE ? "MAX" : timestamp == Long.MIN_VALUE ? "MIN" : Long.toString(timestamp)) + ")";
    }
}
