package io.eddy.runtime.streamrecord;

/**
 * An element of a data stream as the runtime sees it: a {@link StreamRecord}, a {@link Watermark}
 * or a {@link WatermarkStatus}. {@link StreamElementSerializer} gives each its own tag. The class
 * is closed: its constructor is package-private.
 */
public abstract class StreamElement {

    StreamElement() {}

    /** Whether this element is a {@link StreamRecord}. */
    public final boolean isRecord() {
        return getClass() == StreamRecord.class;
    }

    /** Whether this element is a {@link Watermark}. */
    public final boolean isWatermark() {
        return getClass() == Watermark.class;
    }

    /** Whether this element is a {@link WatermarkStatus}. */
    public final boolean isWatermarkStatus() {
        return getClass() == WatermarkStatus.class;
    }

    /** This element as a record. */
    @SuppressWarnings("unchecked")
    public final <T> StreamRecord<T> asRecord() {
        return (StreamRecord<T>) this;
    }

    /** This element as a watermark. */
    public final Watermark asWatermark() {
        return (Watermark) this;
    }

    /** This element as a watermark status. */
    public final WatermarkStatus asWatermarkStatus() {
        return (WatermarkStatus) this;
    }
}
