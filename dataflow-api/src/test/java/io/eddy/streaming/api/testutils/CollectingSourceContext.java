package io.eddy.streaming.api.testutils;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.ArrayList;
import java.util.List;

/** A source context that keeps what the source emits, for unit tests. */
public final class CollectingSourceContext<T> implements SourceFunction.SourceContext<T> {

    private final Object lock = new Object();
    private final List<T> elements = new ArrayList<>();
    private final List<Watermark> watermarks = new ArrayList<>();
    private boolean idle;

    @Override
    public void collect(T element) {
        elements.add(element);
    }

    @Override
    public void collectWithTimestamp(T element, long timestamp) {
        elements.add(element);
    }

    @Override
    public Object getCheckpointLock() {
        return lock;
    }

    @Override
    public void emitWatermark(Watermark watermark) {
        watermarks.add(watermark);
        idle = false;
    }

    @Override
    public void markAsTemporarilyIdle() {
        idle = true;
    }

    public List<Watermark> getWatermarks() {
        return watermarks;
    }

    public boolean isIdle() {
        return idle;
    }

    public List<T> getElements() {
        return elements;
    }
}
