package io.eddy.runtime.streamrecord;

/**
 * An element of a data stream as the runtime sees it: a {@link StreamRecord} now; watermarks and
 * other in-stream markers later extend this class, and {@link StreamElementSerializer} gives each
 * its own tag.
 */
public abstract class StreamElement {

    StreamElement() {}

    /** Whether this element is a {@link StreamRecord}. */
    public final boolean isRecord() {
        return getClass() == StreamRecord.class;
    }

    /** This element as a record. */
    @SuppressWarnings("unchecked")
    public final <T> StreamRecord<T> asRecord() {
        return (StreamRecord<T>) this;
    }
}
