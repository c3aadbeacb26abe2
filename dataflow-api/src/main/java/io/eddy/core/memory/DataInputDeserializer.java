package io.eddy.core.memory;

import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link DataInputView} over a range of a byte array. Reads big-endian values as {@link
 * java.io.DataInputStream} does; {@link #readUTF} reads what {@link java.io.DataOutput#writeUTF}
 * wrote. A heap {@link ByteBuffer} is read in place; a direct one is copied once.
 *
 * <p>Not thread-safe: one owner thread at a time. Reuse an instance with {@link #setBuffer}.
 */
public final class DataInputDeserializer implements DataInputView {

    private static final byte[] EMPTY = new byte[0];
    // Big-endian views of the array: one load (and a byte swap) per value, where assembling it
    // from single bytes costs one load, shift and or per byte (the JIT does not merge them).
    private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] buffer = EMPTY;
    /** One past the last readable byte. */
    private int end;
    private int position;

    /** An empty deserializer; call {@link #setBuffer} before reading. */
    public DataInputDeserializer() {
    }

    /** A deserializer over all of {@code buffer}. */
    public DataInputDeserializer(byte[] buffer) {
        setBuffer(buffer, 0, buffer.length);
    }

    /** A deserializer over {@code buffer[start, start + len)}. */
    public DataInputDeserializer(byte[] buffer, int start, int len) {
        setBuffer(buffer, start, len);
    }

    /** A deserializer over the remaining bytes of {@code buffer}. */
    public DataInputDeserializer(ByteBuffer buffer) {
        setBuffer(buffer);
    }

    /** Reads from the remaining bytes of {@code buffer}; its position is not changed. */
    public void setBuffer(ByteBuffer buffer) {
        if (buffer.hasArray()) {
            setBuffer(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        } else {
            byte[] copy = new byte[buffer.remaining()];
            buffer.duplicate().get(copy);
            setBuffer(copy, 0, copy.length);
        }
    }

    /** Reads from {@code buffer[start, start + len)}. */
    public void setBuffer(byte[] buffer, int start, int len) {
        if (start < 0 || len < 0 || start + len > buffer.length || start + len < 0) {
            throw new IndexOutOfBoundsException("setBuffer: start " + start + ", len " + len
                    + " (expected: a range inside an array of " + buffer.length + " bytes)");
        }
        this.buffer = buffer;
        this.position = start;
        this.end = start + len;
    }

    /** Reads from all of {@code buffer}. */
    public void setBuffer(byte[] buffer) {
        setBuffer(buffer, 0, buffer.length);
    }

    /** Drops the reference to the current array. */
    public void releaseArrays() {
        this.buffer = EMPTY;
        this.position = 0;
        this.end = 0;
    }

    /** The number of bytes left to read. */
    public int available() {
        return end - position;
    }

    /** The read position as an index into the array given to {@link #setBuffer}. */
    public int getPosition() {
        return position;
    }

    /** Moves the read position to the array index {@code pos} (must not be past the end). */
    public void setPosition(int pos) {
        if (pos < 0 || pos > end) {
            throw new IndexOutOfBoundsException("setPosition: " + pos + " (expected: 0.." + end + ")");
        }
        this.position = pos;
    }

    private void require(int n) throws EOFException {
        if (end - position < n) {
            throw new EOFException("DataInputDeserializer: needed " + n + " bytes but only "
                    + (end - position) + " remain; the data is truncated or was written by a different serializer");
        }
    }

    @Override
    public boolean readBoolean() throws IOException {
        require(1);
        return buffer[position++] != 0;
    }

    @Override
    public byte readByte() throws IOException {
        require(1);
        return buffer[position++];
    }

    @Override
    public int readUnsignedByte() throws IOException {
        require(1);
        return buffer[position++] & 0xff;
    }

    @Override
    public short readShort() throws IOException {
        require(2);
        int p = position;
        position = p + 2;
        return (short) SHORTS.get(buffer, p);
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xffff;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readShort();
    }

    @Override
    public int readInt() throws IOException {
        require(4);
        int p = position;
        position = p + 4;
        return (int) INTS.get(buffer, p);
    }

    @Override
    public long readLong() throws IOException {
        require(8);
        int p = position;
        position = p + 8;
        return (long) LONGS.get(buffer, p);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        require(len);
        System.arraycopy(buffer, position, b, off, len);
        position += len;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, end - position);
        if (n <= 0) {
            return -1;
        }
        System.arraycopy(buffer, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int skipBytes(int n) {
        int skipped = Math.max(0, Math.min(n, end - position));
        position += skipped;
        return skipped;
    }

    @Override
    public void skipBytesToRead(int numBytes) throws IOException {
        require(numBytes);
        position += numBytes;
    }

    @Override
    public String readLine() {
        if (position >= end) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        while (position < end) {
            char c = (char) (buffer[position++] & 0xff);
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                if (position < end && buffer[position] == '\n') {
                    position++;
                }
                break;
            }
            sb.append(c);
        }
        return sb.toString();
    }

    @Override
    public String readUTF() throws IOException {
        int utfLength = readUnsignedShort();
        require(utfLength);
        char[] chars = new char[utfLength];
        byte[] b = buffer;
        int p = position;
        int limit = p + utfLength;
        int count = 0;
        while (p < limit) {
            int c = b[p] & 0xff;
            if (c < 0x80) {
                p++;
                chars[count++] = (char) c;
            } else if ((c >> 5) == 0x06) {
                if (p + 2 > limit || (b[p + 1] & 0xC0) != 0x80) {
                    throw malformed(p);
                }
                chars[count++] = (char) (((c & 0x1F) << 6) | (b[p + 1] & 0x3F));
                p += 2;
            } else if ((c >> 4) == 0x0E) {
                if (p + 3 > limit || (b[p + 1] & 0xC0) != 0x80 || (b[p + 2] & 0xC0) != 0x80) {
                    throw malformed(p);
                }
                chars[count++] = (char) (((c & 0x0F) << 12) | ((b[p + 1] & 0x3F) << 6) | (b[p + 2] & 0x3F));
                p += 3;
            } else {
                throw malformed(p);
            }
        }
        position = limit;
        return new String(chars, 0, count);
    }

    private static UTFDataFormatException malformed(int index) {
        return new UTFDataFormatException("readUTF: malformed modified UTF-8 at array index " + index
                + "; the bytes were not written by writeUTF");
    }

    @Override
    public String toString() {
        return "DataInputDeserializer{position=" + position + ", end=" + end + "}";
    }
}
