package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.netty.buffer.ByteBuf;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * A {@link DataInputView} reading one frame's payload from a Netty {@link ByteBuf} without copying
 * it to a {@code byte[]}. Reading past the end of the frame fails with an {@link EOFException}
 * (never an {@link IndexOutOfBoundsException}), naming how many bytes were wanted and left.
 *
 * <p>Not thread-safe: used by the event loop thread that decodes the frame.
 */
final class ByteBufDataInputView implements DataInputView {

    private final ByteBuf buf;

    ByteBufDataInputView(ByteBuf buf) {
        this.buf = buf;
    }

    /** Bytes left in the frame. */
    int remaining() {
        return buf.readableBytes();
    }

    private void require(int bytes) throws EOFException {
        if (buf.readableBytes() < bytes) {
            throw new EOFException("Message payload ended early: needed " + bytes + " more bytes, "
                    + buf.readableBytes() + " left in the frame (the codec does not match the writer's)");
        }
    }

    /** Moves {@code numBytes} bytes from this view to {@code target}. */
    void transferTo(ByteBuf target, int numBytes) throws EOFException {
        require(numBytes);
        target.writeBytes(buf, numBytes);
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        require(len);
        buf.readBytes(b, off, len);
    }

    @Override
    public int skipBytes(int n) {
        int skipped = Math.max(0, Math.min(n, buf.readableBytes()));
        buf.skipBytes(skipped);
        return skipped;
    }

    @Override
    public void skipBytesToRead(int numBytes) throws IOException {
        require(numBytes);
        buf.skipBytes(numBytes);
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (!buf.isReadable()) {
            return -1;
        }
        int n = Math.min(len, buf.readableBytes());
        buf.readBytes(b, off, n);
        return n;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        require(1);
        return buf.readByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        require(1);
        return buf.readUnsignedByte();
    }

    @Override
    public short readShort() throws IOException {
        require(2);
        return buf.readShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        require(2);
        return buf.readUnsignedShort();
    }

    @Override
    public char readChar() throws IOException {
        require(2);
        return buf.readChar();
    }

    @Override
    public int readInt() throws IOException {
        require(4);
        return buf.readInt();
    }

    @Override
    public long readLong() throws IOException {
        require(8);
        return buf.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /** Reads up to a line terminator, as {@link java.io.DataInputStream#readLine} does (bytes as Latin-1). */
    @Override
    public String readLine() {
        if (!buf.isReadable()) {
            return null;
        }
        StringBuilder line = new StringBuilder();
        while (buf.isReadable()) {
            int c = buf.readUnsignedByte();
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                if (buf.isReadable() && buf.getByte(buf.readerIndex()) == '\n') {
                    buf.skipBytes(1);
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
