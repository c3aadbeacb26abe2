package io.eddy.api.common.eventtime;

/**
 * Where a {@link WatermarkGenerator} emits. Watermarks that do not advance the last emitted one
 * are dropped, so a generator may emit the same watermark repeatedly. Called on the task thread.
 */
public interface WatermarkOutput {

    /** Emits {@code watermark} if it is later than the last one; also marks the output active. */
    void emitWatermark(Watermark watermark);

    /**
     * Marks the output idle: downstream operators stop waiting for its watermarks (their event time
     * is the minimum over the other inputs) until it emits a watermark or a record again.
     */
    void markIdle();

    /** Marks the output active again (done implicitly by records and watermarks). */
    void markActive();
}
