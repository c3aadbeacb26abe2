package io.eddy.runtime.io.network.buffer;

/**
 * The reading end of a {@link BufferBuilder}: slices off what the writer has committed. Each slice
 * retains the segment, so the segment returns to its pool only after the writer finished, this
 * consumer was {@link #close() closed} and every slice was recycled.
 *
 * <p>Threads: used by one reader at a time (the subpartition's lock guards it).
 */
public final class BufferConsumer {

    private final BufferBuilder builder;
    private int readPosition;
    private boolean closed;

    BufferConsumer(BufferBuilder builder) {
        this.builder = builder;
    }

    /** The committed, not yet read bytes as a buffer, or null if there are none. */
    public Buffer build() {
        int end = builder.committed();
        if (end == readPosition) {
            return null;
        }
        builder.shared().retain();
        Buffer slice = Buffer.slice(builder.shared(), readPosition, end - readPosition, builder.isEvent());
        readPosition = end;
        return slice;
    }

    /** Whether the writer finished and everything was read: the consumer can be closed. */
    public boolean isFinished() {
        return builder.isFinished() && builder.committed() == readPosition;
    }

    /** Whether the writer has finished the builder (its content is final). */
    public boolean isBuilderFinished() {
        return builder.isFinished();
    }

    public boolean hasUnreadData() {
        return builder.committed() > readPosition;
    }

    public boolean isEvent() {
        return builder.isEvent();
    }

    /** Releases the consumer's reference; idempotent. */
    public void close() {
        if (!closed) {
            closed = true;
            builder.shared().release();
        }
    }
}
