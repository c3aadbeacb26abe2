package io.eddy.runtime.streamrecord;

import java.util.Objects;

/**
 * A record of a stream: its value and, optionally, an event timestamp in milliseconds.
 *
 * <p>Mutable so that operators can emit through one reused instance instead of allocating one
 * per record ({@link #replace(Object)}). A record passed to an operator is valid only during that
 * call and must be treated as read-only by the receiver: it may be the sender's reused instance.
 */
public final class StreamRecord<T> extends StreamElement {

    private T value;
    private long timestamp;
    private boolean hasTimestamp;
    /** See {@link #getPartitionKey()}. */
    private Object partitionKey;
    /** See {@link #getPartitionKeyGroup()}. */
    private int partitionKeyGroup = -1;

    /** A record without a timestamp. */
    public StreamRecord(T value) {
        this.value = value;
    }

    /** A record with an event timestamp. */
    public StreamRecord(T value, long timestamp) {
        this.value = value;
        this.timestamp = timestamp;
        this.hasTimestamp = true;
    }

    public T getValue() {
        return value;
    }

    public boolean hasTimestamp() {
        return hasTimestamp;
    }

    /** The timestamp; meaningful only if {@link #hasTimestamp()}. */
    public long getTimestamp() {
        return timestamp;
    }

    /** The timestamp boxed, or null if the record has none (for user-facing contexts). */
    public Long getTimestampOrNull() {
        return hasTimestamp ? timestamp : null;
    }

    /** Sets the value, keeping the timestamp; returns this record retyped. */
    @SuppressWarnings("unchecked")
    public <X> StreamRecord<X> replace(X newValue) {
        this.value = (T) newValue;
        return (StreamRecord<X>) this;
    }

    /** Sets the value and the timestamp; returns this record retyped. */
    @SuppressWarnings("unchecked")
    public <X> StreamRecord<X> replace(X newValue, long newTimestamp) {
        this.value = (T) newValue;
        this.timestamp = newTimestamp;
        this.hasTimestamp = true;
        return (StreamRecord<X>) this;
    }

    /** Copies the timestamp (or its absence) of {@code other}. */
    public void setTimestampFrom(StreamRecord<?> other) {
        this.timestamp = other.timestamp;
        this.hasTimestamp = other.hasTimestamp;
    }

    /**
     * The key the producer's {@code HASH} channel selector computed for this record, set only on
     * records that arrived over a local object channel of a hash edge (else null). A keyed operator
     * whose key selector is that edge's (as every keyed operator right after {@code keyBy} is) uses
     * it instead of computing the key again. Records an operator emits never carry one.
     */
    public Object getPartitionKey() {
        return partitionKey;
    }

    /**
     * The key group of the record's partitioning key as the producer's {@code HASH} channel selector
     * computed it for the consumer's maximum parallelism, or -1 when the record did not arrive over
     * a local object channel of a hash edge. Set also for an {@link Integer} key, which is not
     * handed on ({@link #getPartitionKey()} is null then): the consumer extracts the int again,
     * for less than its box would cost, and takes the key group from here.
     */
    public int getPartitionKeyGroup() {
        return partitionKeyGroup;
    }

    /** Sets the partition key and its key group ({@code null} and -1: none; {@code null} and a key group: an Integer key). */
    public void setPartitionKey(Object key, int keyGroup) {
        this.partitionKey = key;
        this.partitionKeyGroup = keyGroup;
    }

    public void eraseTimestamp() {
        this.hasTimestamp = false;
        this.timestamp = 0;
    }

    /** A new record with {@code newValue} and this record's timestamp. */
    public <X> StreamRecord<X> copy(X newValue) {
        StreamRecord<X> copy = new StreamRecord<>(newValue);
        copy.setTimestampFrom(this);
        return copy;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamRecord<?> other && Objects.equals(value, other.value) && hasTimestamp == other.hasTimestamp
                && timestamp == other.timestamp;
    }

    @Override
    public int hashCode() {
        return Objects.hash(value, hasTimestamp, timestamp);
    }

    @Override
    public String toString() {
        return hasTimestamp ? "Record(" + value + " @ " + timestamp + ")" : "Record(" + value + ")";
    }
}
