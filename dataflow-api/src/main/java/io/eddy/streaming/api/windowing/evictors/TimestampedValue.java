package io.eddy.streaming.api.windowing.evictors;

import java.util.Objects;

/**
 * An element with its event timestamp (if it has one), as evictors see the contents of a window.
 * Mutable only through {@link #setValue} (for an evictor that replaces elements).
 */
public final class TimestampedValue<T> {

    private T value;
    private final long timestamp;
    private final boolean hasTimestamp;

    /** A value without timestamp. */
    public TimestampedValue(T value) {
        this.value = value;
        this.timestamp = Long.MIN_VALUE;
        this.hasTimestamp = false;
    }

    public TimestampedValue(T value, long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public T getValue() {
        return value;
    }

    public void setValue(T value) {
        this.value = value;
    }

    /** The timestamp; {@code Long.MIN_VALUE} if {@link #hasTimestamp()} is false. */
    public long getTimestamp() {
        return timestamp;
    }

    public boolean hasTimestamp() {
        return hasTimestamp;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimestampedValue<?> other && other.timestamp == timestamp && other.hasTimestamp == hasTimestamp
                && Objects.equals(other.value, value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, timestamp, hasTimestamp);
    }

    @Override
    public String toString() {
        return hasTimestamp ? value + " @ " + timestamp : String.valueOf(value);
    }
}
