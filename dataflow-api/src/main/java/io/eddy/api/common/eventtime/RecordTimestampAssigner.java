package io.eddy.api.common.eventtime;

/** Keeps the timestamp the record already has (from its source's {@code collectWithTimestamp}). */
public final class RecordTimestampAssigner<T> implements TimestampAssigner<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public long extractTimestamp(T element, long recordTimestamp) {
        return recordTimestamp;
    }
}
