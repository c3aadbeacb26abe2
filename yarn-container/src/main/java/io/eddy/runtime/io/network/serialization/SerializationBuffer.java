package io.eddy.runtime.io.network.serialization;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.Arrays;

/**
 * A growable byte array that a serializer writes one record (or event) into, with room for a
 * 4-byte length prefix in front. Reused for every record, so it allocates only while it grows
 * to the largest record seen.
 *
 * <p>Not thread-safe: owned by the writing thread.
 */
public final class SerializationBuffer implements DataOutputView {

    /** Bytes reserved in front of every record for its length. */
    public static final int LENGTH_PREFIX = 4;

    private byte[] buffer;
    private int position;

    public SerializationBuffer(int initialCapacity) {
        this.buffer = new byte[Math.max(16, initialCapacity)];
    }

    /** Starts a record: clears the buffer and reserves the length prefix. */
    public void startRecord() {
        position = LENGTH_PREFIX;
    }

    /** Ends a record: writes its length into the prefix. @return the total bytes, prefix included */
    public int finishRecord() {
        int length = position - LENGTH_PREFIX;
        buffer[0] = (byte) (length >>> 24);
        buffer[1] = (byte) (length >>> 16);
        buffer[2] = (byte) (length >>> 8);
        buffer[3] = (byte) length;
        return position;
    }

    /** Clears the buffer without a length prefix (events). */
    public void clear() {
        position = 0;
    }

    public byte[] array() {
        return buffer;
    }

    public int length() {
        return position;
    }

    private void ensure(int extra) {
        if (position + extra > buffer.length) {
            long wanted = Math.max((long) buffer.length * 2, (long) position + extra);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("A serialized record exceeds 2 GiB: " + ((long) position + extra) + " bytes");
            }
            buffer = Arrays.copyOf(buffer, (int) wanted);
        }
    }

    @Override
    public void write(int b) {
        ensure(1);
        buffer[position++] = (byte) b;
    }

    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buffer, position, len);
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
        ensure(2);
        buffer[position++] = (byte) (v >>> 8);
        buffer[position++] = (byte) v;
    }

    @Override
    public void writeChar(int v) {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        ensure(4);
        buffer[position++] = (byte) (v >>> 24);
        buffer[position++] = (byte) (v >>> 16);
        buffer[position++] = (byte) (v >>> 8);
        buffer[position++] = (byte) v;
    }

    @Override
    public void writeLong(long v) {
        writeInt((int) (v >>> 32));
        writeInt((int) v);
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
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buffer[position++] = (byte) s.charAt(i);
        }
    }

    @Override
    public void writeChars(String s) {
        int n = s.length();
        ensure(2 * n);
        for (int i = 0; i < n; i++) {
            writeChar(s.charAt(i));
        }
    }

    /** Modified UTF-8 with an unsigned 16-bit length, as {@link java.io.DataOutput#writeUTF} specifies. */
    @Override
    public void writeUTF(String s) throws IOException {
        int n = s.length();
        int utfLength = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            utfLength += (c >= 0x0001 && c <= 0x007F) ? 1 : (c > 0x07FF ? 3 : 2);
        }
        if (utfLength > 65535) {
            throw new UTFDataFormatException("writeUTF: encoded string too long: " + utfLength + " bytes (expected: <= 65535)");
        }
        ensure(2 + utfLength);
        writeShort(utfLength);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                buffer[position++] = (byte) c;
            } else if (c > 0x07FF) {
                buffer[position++] = (byte) (0xE0 | ((c >> 12) & 0x0F));
                buffer[position++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                buffer[position++] = (byte) (0x80 | (c & 0x3F));
            } else {
                buffer[position++] = (byte) (0xC0 | ((c >> 6) & 0x1F));
                buffer[position++] = (byte) (0x80 | (c & 0x3F));
            }
        }
    }

    @Override
    public void skipBytesToWrite(int numBytes) {
        ensure(numBytes);
        position += numBytes;
    }

    @Override
    public void write(DataInputView source, int numBytes) throws IOException {
        ensure(numBytes);
        source.readFully(buffer, position, numBytes);
        position += numBytes;
    }
}
