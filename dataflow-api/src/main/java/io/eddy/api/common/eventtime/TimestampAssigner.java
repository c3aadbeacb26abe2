package io.eddy.api.common.eventtime;

import java.io.Serializable;

/**
 * Extracts the event timestamp (milliseconds) of a record. Serializable, so that a lambda can be
 * given to {@link WatermarkStrategy#withTimestampAssigner}; called on the task thread.
 */
@FunctionalInterface
public interface TimestampAssigner<T> extends Serializable {

    /** The value of {@code recordTimestamp} when the record has no timestamp yet. */
    long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * @param element the record's value
     * @param recordTimestamp the timestamp the record already has (from its source), or {@link #NO_TIMESTAMP}
     * @return the record's event timestamp
     */
    long extractTimestamp(T element, long recordTimestamp);
}
