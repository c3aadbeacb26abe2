package io.eddy.api.common.eventtime;

/** Emits no watermarks: for streams processed in processing time only. */
public final class NoWatermarksGenerator<T> implements WatermarkGenerator<T> {

    @Override
    public void onEvent(T event, long eventTimestamp, WatermarkOutput output) {}

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {}
}
