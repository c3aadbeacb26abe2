package io.eddy.runtime.memory;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * A {@link DataInputView} over a sequence of pages, the reading side of
 * {@link AbstractPagedOutputView}: when the current page is used up, the subclass's
 * {@link #nextSegment} supplies the next one (throwing {@link EOFException} at the end) and
 * {@link #getLimitForSegment} says how many of its bytes are valid. Each page may start with
 * {@code headerLength} bytes that are not part of the data.
 *
 * <p>Not thread-safe: used by the one thread that reads.
 */
public abstract class AbstractPagedInputView implements DataInputView {

    /** Bytes at the start of each page that are not data. */
    protected final int headerLength;

    private MemorySegment currentSegment;
    private int positionInSegment;
    private int limitInSegment;

    /**
     * @param initialSegment the first page, or null: then the first read calls {@link #nextSegment}
     *     with null
     * @param initialLimit the number of valid bytes of {@code initialSegment}, header included
     */
    protected AbstractPagedInputView(MemorySegment initialSegment, int initialLimit, int headerLength) {
        if (headerLength < 0) {
            throw new IllegalArgumentException("headerLength: " + headerLength + " (expected: >= 0)");
        }
        this.headerLength = headerLength;
        seekInput(initialSegment, initialSegment == null ? 0 : headerLength, initialSegment == null ? 0 : initialLimit);
    }

    /**
     * The page after {@code current}.
     *
     * @param current the page just read to its end, or null before the first page
     * @throws EOFException if there is no further page
     */
    protected abstract MemorySegment nextSegment(MemorySegment current) throws IOException;

    /** The number of valid bytes of {@code segment}, header included. */
    protected abstract int getLimitForSegment(MemorySegment segment) throws IOException;

    /** The page read now (null before the first one). */
    public MemorySegment getCurrentSegment() {
        return currentSegment;
    }

    /** The read position in the current page, header included. */
    public int getCurrentPositionInSegment() {
        return positionInSegment;
    }

    /** The number of valid bytes in the current page, header included. */
    public int getCurrentSegmentLimit() {
        return limitInSegment;
    }

    /** Moves to the next page. */
    public void advance() throws IOException {
        MemorySegment next = nextSegment(currentSegment);
        int limit = getLimitForSegment(next);
        seekInput(next, headerLength, limit);
    }

    /** Sets the page, position and limit to continue reading at. */
    protected void seekInput(MemorySegment segment, int position, int limit) {
        this.currentSegment = segment;
        this.positionInSegment = position;
        this.limitInSegment = limit;
    }

    /** Forgets the current page; the next read calls {@link #nextSegment} with null. */
    protected void clear() {
        seekInput(null, 0, 0);
    }

    private int remaining() {
        return limitInSegment - positionInSegment;
    }

    /**
     * Copies up to {@code len} (at least 1) bytes from the current page into {@code target} at
     * {@code offset}, moving to the next page first when the current one is used up; returns how many
     * it copied (at least 1).
     *
     * @throws EOFException if no byte is left
     */
    int readInto(MemorySegment target, int offset, int len) throws IOException {
        ensureAvailable();
        int n = Math.min(len, remaining());
        currentSegment.copyTo(positionInSegment, target, offset, n);
        positionInSegment += n;
        return n;
    }

    /** Makes at least one byte available in the current page, advancing over empty pages. */
    private void ensureAvailable() throws IOException {
        while (remaining() <= 0) {
            advance();
        }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        int done = 0;
        while (done < len) {
            if (remaining() <= 0) {
                try {
                    ensureAvailable();
                } catch (EOFException e) {
                    return done == 0 ? -1 : done;
                }
            }
            int n = Math.min(len - done, remaining());
            currentSegment.get(positionInSegment, b, off + done, n);
            positionInSegment += n;
            done += n;
        }
        return done;
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        int n = read(b, off, len);
        if (n < len && len > 0) {
            throw new EOFException("readFully: the input ended after " + Math.max(n, 0) + " of " + len + " bytes");
        }
    }

    @Override
    public int skipBytes(int n) throws IOException {
        int skipped = 0;
        while (skipped < n) {
            if (remaining() <= 0) {
                try {
                    ensureAvailable();
                } catch (EOFException e) {
                    return skipped;
                }
            }
            int step = Math.min(n - skipped, remaining());
            positionInSegment += step;
            skipped += step;
        }
        return skipped;
    }

    @Override
    public void skipBytesToRead(int numBytes) throws IOException {
        if (numBytes < 0) {
            throw new IllegalArgumentException("skipBytesToRead: " + numBytes + " (expected: >= 0)");
        }
        int skipped = skipBytes(numBytes);
        if (skipped < numBytes) {
            throw new EOFException("skipBytesToRead: the input ended after " + skipped + " of " + numBytes + " bytes");
        }
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        ensureAvailable();
        return currentSegment.get(positionInSegment++);
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xff;
    }

    @Override
    public short readShort() throws IOException {
        if (remaining() >= 2) {
            short v = currentSegment.getShort(positionInSegment);
            positionInSegment += 2;
            return v;
        }
        return (short) ((readUnsignedByte() << 8) | readUnsignedByte());
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
        if (remaining() >= 4) {
            int v = currentSegment.getInt(positionInSegment);
            positionInSegment += 4;
            return v;
        }
        return (readUnsignedShort() << 16) | readUnsignedShort();
    }

    @Override
    public long readLong() throws IOException {
        if (remaining() >= 8) {
            long v = currentSegment.getLong(positionInSegment);
            positionInSegment += 8;
            return v;
        }
        return ((long) readInt() << 32) | (readInt() & 0xffffffffL);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /**
     * Reads a line of bytes as {@link java.io.DataInputStream#readLine} does (each byte one char,
     * ended by {@code \n}, {@code \r} or {@code \r\n}); null at the end of the input.
     */
    @Override
    public String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int c;
            try {
                c = readUnsignedByte();
            } catch (EOFException e) {
                return line.length() == 0 ? null : line.toString();
            }
            if (c == '\n') {
                return line.toString();
            }
            if (c == '\r') {
                skipLineFeed();
                return line.toString();
            }
            line.append((char) c);
        }
    }

    private void skipLineFeed() throws IOException {
        try {
            ensureAvailable();
        } catch (EOFException e) {
            return;
        }
        if (currentSegment.get(positionInSegment) == '\n') {
            positionInSegment++;
        }
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
