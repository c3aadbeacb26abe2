package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A readable slice {@code [offset, offset + length)} of a memory segment holding serialized records
 * or one serialized event. Whoever holds a buffer must call {@link #recycle()} exactly once when
 * done with it; that returns the memory to its pool (through the reference count of the segment's
 * {@link SharedSegment} when several slices share one segment).
 *
 * <p>Not thread-safe: a buffer has one owner at a time, handed over through a queue.
 */
public final class Buffer {

    private final MemorySegment segment;
    private final int offset;
    private final int length;
    private final boolean event;
    private final SharedSegment shared;
    private final BufferRecycler recycler;
    private boolean recycled;

    private Buffer(MemorySegment segment, int offset, int length, boolean event, SharedSegment shared, BufferRecycler recycler) {
        this.segment = segment;
        this.offset = offset;
        this.length = length;
        this.event = event;
        this.shared = shared;
        this.recycler = recycler;
    }

    /** A slice of a shared segment; the caller has already retained one reference for it. */
    static Buffer slice(SharedSegment shared, int offset, int length, boolean event) {
        return new Buffer(shared.segment(), offset, length, event, shared, null);
    }

    /** A buffer owning a whole segment's first {@code length} bytes, given back to {@code recycler}. */
    public static Buffer owning(MemorySegment segment, int length, boolean event, BufferRecycler recycler) {
        return new Buffer(segment, 0, length, event, null, recycler);
    }

    public MemorySegment segment() {
        return segment;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** Whether this buffer holds one serialized {@code RuntimeEvent} instead of records. */
    public boolean isEvent() {
        return event;
    }

    /** A NIO view of the readable bytes (no copy). */
    public ByteBuffer nioBuffer() {
        return segment.wrap(offset, length);
    }

    public boolean isRecycled() {
        return recycled;
    }

    /** Gives the memory back; a second call is a bug and fails. */
    public void recycle() {
        if (recycled) {
            throw new IllegalStateException("Bug: buffer recycled twice (segment " + segment + ")");
        }
        recycled = true;
        if (shared != null) {
            shared.release();
        } else {
            recycler.recycle(segment);
        }
    }
}
