package io.eddy.runtime.memory;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;

import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * A {@link DataOutputView} over a sequence of pages: when the current page is full, the subclass's
 * {@link #nextSegment} hands it on (to a spill file, a list of sorted buffers, ...) and supplies the
 * next one. Values and records span pages; each page may reserve {@code headerLength} bytes at its
 * start for the subclass.
 *
 * <p>Multi-byte values are big-endian, as {@link java.io.DataOutputStream} writes them, and
 * {@link #writeUTF} writes modified UTF-8 that {@link java.io.DataInput#readUTF} reads.
 *
 * <p>Not thread-safe: used by the one thread that writes.
 */
public abstract class AbstractPagedOutputView implements DataOutputView {

    /** The usable size of each page, counting the header. */
    protected final int segmentSize;
    /** Bytes reserved at the start of each page. */
    protected final int headerLength;

    private MemorySegment currentSegment;
    private int positionInSegment;
    private byte[] utfBuffer;
    /** Scratch for copying from a view that is not paged ({@link #write(DataInputView, int)}). */
    private byte[] copyBuffer;

    /**
     * @param initialSegment the first page, written from {@code headerLength} on; may be null, then
     *     the first write calls {@link #nextSegment} with a null page
     */
    protected AbstractPagedOutputView(MemorySegment initialSegment, int segmentSize, int headerLength) {
        if (headerLength < 0 || segmentSize <= headerLength) {
            throw new IllegalArgumentException("segmentSize " + segmentSize + ", headerLength " + headerLength
                    + " (expected: a segment larger than its header)");
        }
        this.segmentSize = segmentSize;
        this.headerLength = headerLength;
        this.currentSegment = initialSegment;
        this.positionInSegment = initialSegment == null ? segmentSize : headerLength;
    }

    /**
     * Hands on the full (or, when closing, partly filled) {@code current} page and returns the next
     * one to write into.
     *
     * @param current the page just finished, or null before the first page
     * @param positionInCurrent the number of bytes used in {@code current}, header included
     */
    protected abstract MemorySegment nextSegment(MemorySegment current, int positionInCurrent) throws IOException;

    /** The page written now (null before the first one). */
    public MemorySegment getCurrentSegment() {
        return currentSegment;
    }

    /** The write position in the current page, header included. */
    public int getCurrentPositionInSegment() {
        return positionInSegment;
    }

    /** Finishes the current page and moves to the next. */
    public void advance() throws IOException {
        currentSegment = nextSegment(currentSegment, positionInSegment);
        positionInSegment = headerLength;
    }

    /** Sets the page and position to continue writing at. */
    protected void seekOutput(MemorySegment segment, int position) {
        this.currentSegment = segment;
        this.positionInSegment = position;
    }

    /** Forgets the current page; the next write calls {@link #nextSegment} with null. */
    protected void clear() {
        this.currentSegment = null;
        this.positionInSegment = segmentSize;
    }

    private int free() {
        return segmentSize - positionInSegment;
    }

    @Override
    public void write(int b) throws IOException {
        writeByte(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            if (free() == 0) {
                advance();
            }
            int n = Math.min(len, free());
            currentSegment.put(positionInSegment, b, off, n);
            positionInSegment += n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        writeByte(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) throws IOException {
        if (free() == 0) {
            advance();
        }
        currentSegment.put(positionInSegment++, (byte) v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        if (free() >= 2) {
            currentSegment.putShort(positionInSegment, (short) v);
            positionInSegment += 2;
        } else {
            writeByte(v >>> 8);
            writeByte(v);
        }
    }

    @Override
    public void writeChar(int v) throws IOException {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        if (free() >= 4) {
            currentSegment.putInt(positionInSegment, v);
            positionInSegment += 4;
        } else {
            writeShort(v >>> 16);
            writeShort(v);
        }
    }

    @Override
    public void writeLong(long v) throws IOException {
        if (free() >= 8) {
            currentSegment.putLong(positionInSegment, v);
            positionInSegment += 8;
        } else {
            writeInt((int) (v >>> 32));
            writeInt((int) v);
        }
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    /** Writes the low byte of each char, as {@link java.io.DataOutputStream#writeBytes} does. */
    @Override
    public void writeBytes(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            writeByte(s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    @Override
    public void writeUTF(String s) throws IOException {
        int utfLength = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            utfLength += (c >= 0x0001 && c <= 0x007F) ? 1 : (c <= 0x07FF ? 2 : 3);
        }
        if (utfLength > 65535) {
            throw new UTFDataFormatException("writeUTF: the string encodes to " + utfLength
                    + " bytes (expected: at most 65535); write long strings with a StringSerializer instead");
        }
        byte[] bytes = utfBuffer;
        if (bytes == null || bytes.length < utfLength + 2) {
            bytes = new byte[Math.max(utfLength + 2, 64)];
            utfBuffer = bytes;
        }
        int n = 0;
        bytes[n++] = (byte) (utfLength >>> 8);
        bytes[n++] = (byte) utfLength;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                bytes[n++] = (byte) c;
            } else if (c <= 0x07FF) {
                bytes[n++] = (byte) (0xC0 | ((c >> 6) & 0x1F));
                bytes[n++] = (byte) (0x80 | (c & 0x3F));
            } else {
                bytes[n++] = (byte) (0xE0 | ((c >> 12) & 0x0F));
                bytes[n++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                bytes[n++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        write(bytes, 0, n);
    }

    @Override
    public void skipBytesToWrite(int numBytes) throws IOException {
        if (numBytes < 0) {
            throw new IllegalArgumentException("skipBytesToWrite: " + numBytes + " (expected: >= 0)");
        }
        while (numBytes > 0) {
            if (free() == 0) {
                advance();
            }
            int n = Math.min(numBytes, free());
            positionInSegment += n;
            numBytes -= n;
        }
    }

    @Override
    public void write(DataInputView source, int numBytes) throws IOException {
        if (numBytes < 0) {
            throw new IllegalArgumentException("write: numBytes " + numBytes + " (expected: >= 0)");
        }
        if (source instanceof AbstractPagedInputView paged) {
            // Page to page, without a copy through an array: how sorters write their records out and merges copy runs.
            while (numBytes > 0) {
                if (free() == 0) {
                    advance();
                }
                int n = paged.readInto(currentSegment, positionInSegment, Math.min(numBytes, free()));
                positionInSegment += n;
                numBytes -= n;
            }
            return;
        }
        if (copyBuffer == null) {
            copyBuffer = new byte[4096];
        }
        while (numBytes > 0) {
            int n = Math.min(numBytes, copyBuffer.length);
            source.readFully(copyBuffer, 0, n);
            write(copyBuffer, 0, n);
            numBytes -= n;
        }
    }
}
