package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * A {@link DataOutputView} over a growable array that refuses to grow beyond a frame's limit, with
 * a {@link FrameTooLargeException} as {@link ByteBufDataOutputView} does: where a frame is encoded
 * outside the connection's event loop, so that no Netty buffer is touched there (see {@link
 * NettyRpcConnection}). A modified-UTF-8 string is checked after it is written, so the array may
 * exceed the limit by at most one such string before the exception.
 *
 * <p>Not thread-safe: used by the one thread that encodes a frame.
 */
final class BoundedArrayOutputView implements DataOutputView {

    private final DataOutputSerializer out;
    private final int limit;

    BoundedArrayOutputView(int startSize, int limit) {
        this.out = new DataOutputSerializer(Math.max(1, Math.min(startSize, limit)));
        this.limit = limit;
    }

    /** The bytes written so far (the internal array; the valid bytes are {@code [0, length())}). */
    byte[] array() {
        return out.getSharedBuffer();
    }

    int length() {
        return out.length();
    }

    private void reserve(long bytes) {
        if (out.length() + bytes > limit) {
            throw new FrameTooLargeException(out.length() + bytes, limit);
        }
    }

    @Override
    public void write(int b) throws IOException {
        reserve(1);
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        reserve(len);
        out.write(b, off, len);
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) throws IOException {
        write(v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        reserve(2);
        out.writeShort(v);
    }

    @Override
    public void writeChar(int v) throws IOException {
        reserve(2);
        out.writeChar(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        reserve(4);
        out.writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        reserve(8);
        out.writeLong(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) throws IOException {
        reserve(s.length());
        out.writeBytes(s);
    }

    @Override
    public void writeChars(String s) throws IOException {
        reserve(2L * s.length());
        out.writeChars(s);
    }

    @Override
    public void writeUTF(String s) throws IOException {
        reserve(2 + s.length()); // at least; the exact size is known once written
        out.writeUTF(s);
        reserve(0);
    }

    @Override
    public void skipBytesToWrite(int numBytes) throws IOException {
        reserve(numBytes);
        out.skipBytesToWrite(numBytes);
    }

    @Override
    public void write(DataInputView source, int numBytes) throws IOException {
        reserve(numBytes);
        out.write(source, numBytes);
    }
}
