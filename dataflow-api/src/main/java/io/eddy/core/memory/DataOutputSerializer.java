package io.eddy.core.memory;

import java.io.IOException;
import java.io.UTFDataFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A {@link DataOutputView} over a growable byte array. Multi-byte values are big-endian, exactly as
 * {@link java.io.DataOutputStream} writes them, and {@link #writeUTF} is readable by {@link
 * java.io.DataInput#readUTF}.
 *
 * <p>Typical use: serialize a record, hand {@link #getSharedBuffer()} with {@link #length()} to
 * the next stage, then {@link #clear()} and reuse. Not thread-safe: one owner thread at a time.
 */
public final class DataOutputSerializer implements DataOutputView {

    private static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;
    // Big-endian views of the array: one store per value instead of one per byte (DataInputDeserializer).
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] buffer;
    /** The write position; also the number of valid bytes unless {@link #setPosition} moved it back. */
    private int position;

    /** An empty serializer whose buffer starts at {@code startSize} bytes and grows as needed. */
    public DataOutputSerializer(int startSize) {
        if (startSize < 1) {
            throw new IllegalArgumentException("startSize: " + startSize + " (expected: >= 1)");
        }
        this.buffer = new byte[startSize];
    }

    /** The internal array (not a copy); the valid bytes are {@code [0, length())}. Changes on growth. */
    public byte[] getSharedBuffer() {
        return buffer;
    }

    /** A copy of the valid bytes {@code [0, length())}. */
    public byte[] getCopyOfBuffer() {
        return Arrays.copyOf(buffer, position);
    }

    /** A {@link ByteBuffer} wrapping the valid bytes of the shared array (no copy). */
    public ByteBuffer wrapAsByteBuffer() {
        return ByteBuffer.wrap(buffer, 0, position);
    }

    /** The number of bytes written (the current position). */
    public int length() {
        return position;
    }

    /** Resets the position to 0, keeping the buffer. */
    public void clear() {
        position = 0;
    }

    /** Moves the write position to {@code position}, growing the buffer if needed. */
    public void setPosition(int position) {
        if (position < 0) {
            throw new IllegalArgumentException("position: " + position + " (expected: >= 0)");
        }
        ensureCapacity(position);
        this.position = position;
    }

    /** Moves the position back to {@code 0} and shrinks the buffer to {@code size} if it is larger. */
    public void pruneBuffer(int size) {
        if (buffer.length > size) {
            buffer = new byte[Math.max(1, size)];
        }
        position = 0;
    }

    private void ensureCapacity(int required) {
        if (required > buffer.length) {
            grow(required);
        }
    }

    private void grow(int required) {
        if (required > MAX_ARRAY_SIZE || required < 0) {
            throw new IllegalStateException("DataOutputSerializer: a record of " + required
                    + " bytes does not fit into one byte array (expected: < " + MAX_ARRAY_SIZE + " bytes)");
        }
        int newSize = (int) Math.min(MAX_ARRAY_SIZE, Math.max((long) buffer.length * 2, required));
        buffer = Arrays.copyOf(buffer, newSize);
    }

    @Override
    public void write(int b) {
        ensureCapacity(position + 1);
        buffer[position++] = (byte) b;
    }

    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (len == 0) {
            return;
        }
        ensureCapacity(position + len);
        System.arraycopy(b, off, buffer, position, len);
        position += len;
    }

    /** Writes the remaining bytes of {@code src}, advancing its position. */
    public void write(ByteBuffer src) {
        int len = src.remaining();
        ensureCapacity(position + len);
        src.get(buffer, position, len);
        position += len;
    }

    @Override
    public void writeBoolean(boolean v) {
        write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) {
        write(v);
    }

    @Override
    public void writeShort(int v) {
        ensureCapacity(position + 2);
        int p = position;
        SHORTS.set(buffer, p, (short) v);
        position = p + 2;
    }

    @Override
    public void writeChar(int v) {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        ensureCapacity(position + 4);
        int p = position;
        INTS.set(buffer, p, v);
        position = p + 4;
    }

    @Override
    public void writeLong(long v) {
        ensureCapacity(position + 8);
        int p = position;
        LONGS.set(buffer, p, v);
        position = p + 8;
    }

    @Override
    public void writeFloat(float v) {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) {
        int len = s.length();
        ensureCapacity(position + len);
        for (int i = 0; i < len; i++) {
            buffer[position + i] = (byte) s.charAt(i);
        }
        position += len;
    }

    @Override
    public void writeChars(String s) {
        int len = s.length();
        ensureCapacity(position + 2 * len);
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            buffer[position++] = (byte) (c >>> 8);
            buffer[position++] = (byte) c;
        }
    }

    @Override
    public void writeUTF(String str) throws IOException {
        int utfLength = modifiedUtf8Length(str);
        if (utfLength > 65535) {
            throw new UTFDataFormatException("writeUTF: a string of " + utfLength
                    + " encoded bytes is too long (expected: <= 65535); serialize long strings with StringSerializer");
        }
        ensureCapacity(position + 2 + utfLength);
        byte[] b = buffer;
        int p = position;
        b[p++] = (byte) (utfLength >>> 8);
        b[p++] = (byte) utfLength;
        int len = str.length();
        for (int i = 0; i < len; i++) {
            char c = str.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                b[p++] = (byte) c;
            } else if (c > 0x07FF) {
                b[p++] = (byte) (0xE0 | ((c >> 12) & 0x0F));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else {
                b[p++] = (byte) (0xC0 | ((c >> 6) & 0x1F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        position = p;
    }

    private static int modifiedUtf8Length(String str) {
        int len = str.length();
        int utfLength = len;
        for (int i = 0; i < len; i++) {
            char c = str.charAt(i);
            if (c > 0x07FF) {
                utfLength += 2;
            } else if (c == 0 || c > 0x007F) {
                utfLength += 1;
            }
        }
        return utfLength;
    }

    @Override
    public void skipBytesToWrite(int numBytes) {
        if (numBytes < 0) {
            throw new IllegalArgumentException("numBytes: " + numBytes + " (expected: >= 0)");
        }
        ensureCapacity(position + numBytes);
        position += numBytes;
    }

    @Override
    public void write(DataInputView source, int numBytes) throws IOException {
        ensureCapacity(position + numBytes);
        source.readFully(buffer, position, numBytes);
        position += numBytes;
    }

    @Override
    public String toString() {
        return "DataOutputSerializer{length=" + position + ", capacity=" + buffer.length + "}";
    }
}
