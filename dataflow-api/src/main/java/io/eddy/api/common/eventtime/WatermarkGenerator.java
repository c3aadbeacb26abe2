package io.eddy.api.common.eventtime;

/**
 * Generates watermarks from the records of a stream. A <i>per-record</i> (punctuated) generator
 * emits in {@link #onEvent}; a <i>periodic</i> generator remembers what it saw in {@link #onEvent}
 * and emits in {@link #onPeriodicEmit}, which the runtime calls every auto-watermark interval
 * ({@code pipeline.auto-watermark-interval}, 200 ms by default). Both may be combined.
 *
 * <p>One instance per parallel subtask, created on the worker by {@link
 * WatermarkStrategy#createWatermarkGenerator()}; called on the task thread only, so it needs no
 * synchronization.
 */
public interface WatermarkGenerator<T> {

    /** Called for every record, after its timestamp was assigned. */
    void onEvent(T event, long eventTimestamp, WatermarkOutput output);

    /** Called every auto-watermark interval. */
    void onPeriodicEmit(WatermarkOutput output);
}
