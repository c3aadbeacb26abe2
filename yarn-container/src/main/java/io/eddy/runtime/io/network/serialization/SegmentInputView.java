package io.eddy.runtime.io.network.serialization;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * Reads a byte range {@code [position, limit)} of a memory segment: the view a serializer reads one
 * record from, directly out of a network buffer (or out of the spanning copy of a record that
 * crossed buffers). Reading past the limit fails with {@link EOFException}.
 *
 * <p>Not thread-safe: owned by the consuming thread.
 */
public final class SegmentInputView implements DataInputView {

    private MemorySegment segment;
    private int position;
    private int limit;

    /** Points the view at {@code [offset, limit)} of {@code segment}. */
    public void reset(MemorySegment segment, int offset, int limit) {
        this.segment = segment;
        this.position = offset;
        this.limit = limit;
    }

    public int position() {
        return position;
    }

    public int remaining() {
        return limit - position;
    }

    private void require(int n) throws EOFException {
        if (limit - position < n) {
            throw new EOFException("Read past the end of the record: needed " + n + " more bytes, " + (limit - position) + " left");
        }
    }

    @Override
    public void skipBytesToRead(int numBytes) throws IOException {
        require(numBytes);
        position += numBytes;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, limit - position);
        if (n <= 0) {
            return -1;
        }
        segment.get(position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        require(len);
        segment.get(position, b, off, len);
        position += len;
    }

    @Override
    public int skipBytes(int n) {
        int skipped = Math.max(0, Math.min(n, limit - position));
        position += skipped;
        return skipped;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        require(1);
        return segment.get(position++);
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xff;
    }

    @Override
    public short readShort() throws IOException {
        require(2);
        short v = segment.getShort(position);
        position += 2;
        return v;
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xffff;
    }

    @Override
    public char readChar() throws IOException {
        require(2);
        char v = segment.getChar(position);
        position += 2;
        return v;
    }

    @Override
    public int readInt() throws IOException {
        require(4);
        int v = segment.getInt(position);
        position += 4;
        return v;
    }

    @Override
    public long readLong() throws IOException {
        require(8);
        long v = segment.getLong(position);
        position += 8;
        return v;
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
    public String readLine() throws IOException {
        if (position >= limit) {
            return null;
        }
        StringBuilder line = new StringBuilder();
        while (position < limit) {
            int c = segment.get(position++) & 0xff;
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                if (position < limit && segment.get(position) == '\n') {
                    position++;
                }
                break;
            }
            line.append((char) c);
        }
        return line.toString();
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
