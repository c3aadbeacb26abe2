package io.eddy.runtime.io.network.api;

/**
 * How a record writer and a record input exchange records of type {@code T} as objects over a local
 * object channel: the writer splits a record into its value (copied if the consumer could otherwise
 * see later changes) and timestamp; the reader puts them back together, per channel.
 */
public interface ObjectRecordAdapter<T> {

    /** The value to hand over for {@code record}: the value itself if it is immutable, else a copy. Producer thread. */
    Object valueOf(T record);

    /** The timestamp of {@code record}, or {@code ObjectSubpartition.NO_TIMESTAMP}. Producer thread. */
    long timestampOf(T record);

    /**
     * The record for a handed-over value, timestamp, partitioning key (null if none, and for an
     * {@link Integer} key) and that key's group (-1 if the edge does not partition by key),
     * possibly a reused instance per channel. Consumer thread.
     */
    T toRecord(Object value, long timestamp, Object key, int keyGroup, int channel);
}
