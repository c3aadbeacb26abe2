package io.eddy.api.connector.source;

import io.eddy.api.common.eventtime.Watermark;

/**
 * How a {@link SourceReader} emits, from inside {@link SourceReader#pollNext} only. Emitting may
 * block while downstream back-pressures.
 */
public interface ReaderOutput<T> {

    /** Emits {@code record} without a timestamp. */
    void collect(T record);

    /** Emits {@code record} with an event timestamp in milliseconds. */
    void collect(T record, long timestamp);

    /**
     * Emits a watermark: no record with a timestamp at or below it follows from this subtask. One
     * that does not advance the last is ignored.
     */
    void emitWatermark(Watermark watermark);

    /** This subtask will emit nothing for a while: downstream operators stop waiting for its watermarks until it emits again. */
    void markIdle();
}
