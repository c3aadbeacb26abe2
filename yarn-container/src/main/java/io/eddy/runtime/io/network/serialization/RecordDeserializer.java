package io.eddy.runtime.io.network.serialization;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.network.buffer.Buffer;
import java.io.EOFException;
import java.io.IOException;

/**
 * Reassembles records from the buffers of one input channel. A record is a 4-byte big-endian
 * length followed by its bytes, and may start in one buffer and end several buffers later. A
 * record that lies inside one buffer is deserialized straight out of the buffer's segment; only a
 * record that spans buffers is copied, into a growable array kept for reuse.
 *
 * <p>Not thread-safe: one per channel, owned by the consuming (task) thread.
 */
public final class RecordDeserializer<T> {

    private static final int NO_LENGTH = -1;
    static final int INITIAL_SPANNING_CAPACITY = 256;

    private final TypeSerializer<T> serializer;
    private final SegmentInputView view = new SegmentInputView();

    private Buffer current;
    private MemorySegment segment;
    private int position;
    private int limit;

    private boolean spanning;
    private final byte[] lengthBytes = new byte[4];
    private int lengthFill;
    private int spanningLength = NO_LENGTH;
    /**
     * Sized for common records from the start: a channel's deserializer is new in every job, and
     * growing the array on a job's first spanning record takes a branch that the compiled read path,
     * built while no array grew, does not have, so the JIT would throw that path away and compile it
     * again in every job (docs/network.md, "Reading").
     */
    private byte[] spanningBytes = new byte[INITIAL_SPANNING_CAPACITY];
    private MemorySegment spanningSegment = MemorySegment.wrap(spanningBytes);
    private int spanningFill;

    private T record;

    public RecordDeserializer(TypeSerializer<T> serializer) {
        this.serializer = serializer;
    }

    /** Hands the next buffer of the channel over; the previous one must have been consumed. */
    public void setNextBuffer(Buffer buffer) {
        if (current != null) {
            throw new IllegalStateException("Bug: a new buffer arrived before the previous one was consumed");
        }
        current = buffer;
        segment = buffer.segment();
        position = buffer.offset();
        limit = buffer.offset() + buffer.length();
    }

    /** Whether a buffer is set and not yet fully read. */
    public boolean hasBuffer() {
        return current != null;
    }

    /** Whether a record has started but not all of its bytes have arrived. */
    public boolean hasPartialRecord() {
        return spanning;
    }

    /** The capacity of the array that spanning records are copied into (tests). */
    int spanningCapacity() {
        return spanningBytes.length;
    }

    /** The record read by the last successful {@link #readNext()}. */
    public T record() {
        return record;
    }

    /**
     * Reads the next complete record.
     *
     * @return true if a record was read; false if the current buffer is used up (it is recycled
     *     then, and the next buffer is needed)
     */
    public boolean readNext() throws IOException {
        if (current == null) {
            return false;
        }
        if (spanning) {
            if (!continueSpanning()) {
                releaseBuffer();
                return false;
            }
            return readSpanningRecord();
        }
        int remaining = limit - position;
        if (remaining >= 4) {
            int length = segment.getInt(position);
            if (remaining - 4 >= length) {
                int start = position + 4;
                position = start + length;
                record = deserialize(segment, start, length);
                return true;
            }
            startSpanning();
            continueSpanning();
        } else if (remaining > 0) {
            startSpanning();
            continueSpanning();
        }
        releaseBuffer();
        return false;
    }

    private void startSpanning() {
        spanning = true;
        lengthFill = 0;
        spanningLength = NO_LENGTH;
        spanningFill = 0;
    }

    /** Copies bytes of the spanning record out of the current buffer; true once it is complete. */
    private boolean continueSpanning() throws IOException {
        if (spanningLength == NO_LENGTH) {
            int n = Math.min(4 - lengthFill, limit - position);
            segment.get(position, lengthBytes, lengthFill, n);
            position += n;
            lengthFill += n;
            if (lengthFill < 4) {
                return false;
            }
            spanningLength = ((lengthBytes[0] & 0xff) << 24) | ((lengthBytes[1] & 0xff) << 16) | ((lengthBytes[2] & 0xff) << 8) | (lengthBytes[3] & 0xff);
            if (spanningLength < 0) {
                throw new IOException("Corrupt record stream: negative record length " + spanningLength);
            }
            if (spanningBytes.length < spanningLength) {
                spanningBytes = new byte[Math.max(spanningLength, spanningBytes.length * 2)];
                spanningSegment = MemorySegment.wrap(spanningBytes);
            }
        }
        int n = Math.min(spanningLength - spanningFill, limit - position);
        segment.get(position, spanningBytes, spanningFill, n);
        position += n;
        spanningFill += n;
        return spanningFill == spanningLength;
    }

    private boolean readSpanningRecord() throws IOException {
        spanning = false;
        record = deserialize(spanningSegment, 0, spanningLength);
        return true;
    }

    private T deserialize(MemorySegment source, int offset, int length) throws IOException {
        view.reset(source, offset, offset + length);
        T value;
        try {
            value = serializer.deserialize(view);
        } catch (EOFException e) {
            throw new IOException("Serializer " + serializer.getClass().getName() + " read past the end of a record of " + length
                    + " bytes: the producer's and the consumer's serializers do not match", e);
        }
        if (view.remaining() != 0) {
            throw new IOException("Serializer " + serializer.getClass().getName() + " read " + (length - view.remaining()) + " of the "
                    + length + " bytes of a record: the producer's and the consumer's serializers do not match");
        }
        return value;
    }

    private void releaseBuffer() {
        Buffer buffer = current;
        current = null;
        segment = null;
        buffer.recycle();
    }

    /** Recycles the current buffer and forgets any partial record (channel released). */
    public void clear() {
        if (current != null) {
            releaseBuffer();
        }
        spanning = false;
        record = null;
    }
}
