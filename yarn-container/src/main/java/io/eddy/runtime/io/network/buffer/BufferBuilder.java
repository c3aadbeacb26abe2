package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The writing end of a network buffer. The writer (the task thread) appends bytes and
 * {@link #commit() commits} after each complete record; the reader ({@link BufferConsumer}, under
 * the subpartition's lock) may slice off everything committed so far at any time. This is what
 * lets a flush make a partly filled buffer visible without taking it away from the writer.
 *
 * <pre>
 *   [ read by consumer | committed, not read | written, not committed | free ]
 *   0            readPosition             committed                position   capacity
 * </pre>
 *
 * <p>Threads: {@code position} belongs to the writer thread; {@code committed} and {@code finished}
 * are written by the writer only and read by the consumer (volatile: publication of the bytes).
 * {@link #commit()}, once per record, is a release store rather than a full volatile store: it
 * still publishes the bytes written before it to a consumer that reads {@code committed}
 * (volatile, so acquire), without the store-load fence a volatile store costs on every record.
 */
public final class BufferBuilder {

    private static final VarHandle COMMITTED;

    static {
        try {
            COMMITTED = MethodHandles.lookup().findVarHandle(BufferBuilder.class, "committed", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final SharedSegment shared;
    private final MemorySegment segment;
    private final boolean event;
    /** Owned by the writer thread. */
    private int position;
    private volatile int committed;
    private volatile boolean finished;
    private boolean consumerCreated;

    private BufferBuilder(SharedSegment shared, boolean event) {
        this.shared = shared;
        this.segment = shared.segment();
        this.event = event;
    }

    /** A builder over a pooled segment; the writer and the (one) consumer each hold a reference. */
    public static BufferBuilder forSegment(MemorySegment segment, BufferRecycler recycler) {
        return new BufferBuilder(new SharedSegment(segment, recycler, 2), false);
    }

    /** An already finished builder holding one serialized event of {@code length} bytes. */
    public static BufferBuilder finishedEvent(MemorySegment segment, int length, BufferRecycler recycler) {
        BufferBuilder builder = new BufferBuilder(new SharedSegment(segment, recycler, 1), true);
        builder.position = length;
        builder.committed = length;
        builder.finished = true;
        return builder;
    }

    /** The reading end; may be created once. */
    public BufferConsumer createConsumer() {
        if (consumerCreated) {
            throw new IllegalStateException("Bug: a buffer builder has exactly one consumer");
        }
        consumerCreated = true;
        return new BufferConsumer(this);
    }

    /**
     * Copies as many of the {@code length} bytes as fit.
     *
     * @return the number of bytes copied
     */
    public int append(byte[] source, int offset, int length) {
        int n = Math.min(length, segment.size() - position);
        segment.put(position, source, offset, n);
        position += n;
        return n;
    }

    /** Makes everything appended so far visible to the consumer. */
    public void commit() {
        COMMITTED.setRelease(this, position);
    }

    /** The bytes appended so far (writer thread). */
    public int writtenBytes() {
        return position;
    }

    public boolean isFull() {
        return position == segment.size();
    }

    public int writableBytes() {
        return segment.size() - position;
    }

    /** Commits and ends writing; the writer gives up its reference. Idempotent. */
    public void finish() {
        if (finished) {
            return;
        }
        committed = position;
        finished = true;
        shared.release();
    }

    boolean isFinished() {
        return finished;
    }

    int committed() {
        return committed;
    }

    boolean isEvent() {
        return event;
    }

    SharedSegment shared() {
        return shared;
    }
}
