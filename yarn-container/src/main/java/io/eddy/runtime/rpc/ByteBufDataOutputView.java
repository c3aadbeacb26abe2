package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.netty.buffer.ByteBuf;

import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * A {@link DataOutputView} that appends to a Netty {@link ByteBuf} (big-endian, as
 * {@link java.io.DataOutput} specifies), so codecs write straight into the frame with no copy
 * through a {@code byte[]}. Writing beyond the buffer's maximum capacity (the frame limit) fails
 * with a {@link FrameTooLargeException}.
 *
 * <p>Not thread-safe: used by the one thread that encodes a frame.
 */
final class ByteBufDataOutputView implements DataOutputView {

    private static final int COPY_CHUNK = 8192;

    private final ByteBuf buf;

    ByteBufDataOutputView(ByteBuf buf) {
        this.buf = buf;
    }

    private void reserve(int bytes) {
        if (buf.maxWritableBytes() < bytes) {
            throw new FrameTooLargeException((long) buf.writerIndex() + bytes, buf.maxCapacity());
        }
    }

    @Override
    public void write(int b) {
        reserve(1);
        buf.writeByte(b);
    }

    @Override
    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        reserve(len);
        buf.writeBytes(b, off, len);
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
        reserve(2);
        buf.writeShort(v);
    }

    @Override
    public void writeChar(int v) {
        reserve(2);
        buf.writeChar(v);
    }

    @Override
    public void writeInt(int v) {
        reserve(4);
        buf.writeInt(v);
    }

    @Override
    public void writeLong(long v) {
        reserve(8);
        buf.writeLong(v);
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
        reserve(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf.writeByte(s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) {
        reserve(2 * s.length());
        for (int i = 0; i < s.length(); i++) {
            buf.writeChar(s.charAt(i));
        }
    }

    /** Modified UTF-8 with an unsigned-short length prefix, exactly as {@link java.io.DataOutputStream#writeUTF}. */
    @Override
    public void writeUTF(String s) throws IOException {
        long utfLength = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            utfLength += (c >= 0x0001 && c <= 0x007F) ? 1 : (c > 0x07FF ? 3 : 2);
        }
        if (utfLength > 65535) {
            throw new UTFDataFormatException("String of " + utfLength + " encoded bytes is too long for writeUTF "
                    + "(at most 65535): use RpcCodecs.writeString");
        }
        reserve(2 + (int) utfLength);
        buf.writeShort((int) utfLength);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x0001 && c <= 0x007F) {
                buf.writeByte(c);
            } else if (c > 0x07FF) {
                buf.writeByte(0xE0 | ((c >> 12) & 0x0F));
                buf.writeByte(0x80 | ((c >> 6) & 0x3F));
                buf.writeByte(0x80 | (c & 0x3F));
            } else {
                buf.writeByte(0xC0 | ((c >> 6) & 0x1F));
                buf.writeByte(0x80 | (c & 0x3F));
            }
        }
    }

    @Override
    public void skipBytesToWrite(int numBytes) {
        reserve(numBytes);
        buf.writerIndex(buf.writerIndex() + numBytes);
    }

    @Override
    public void write(DataInputView source, int numBytes) throws IOException {
        reserve(numBytes);
        if (source instanceof ByteBufDataInputView view) {
            view.transferTo(buf, numBytes);
            return;
        }
        byte[] chunk = new byte[Math.min(COPY_CHUNK, numBytes)];
        int left = numBytes;
        while (left > 0) {
            int n = Math.min(chunk.length, left);
            source.readFully(chunk, 0, n);
            buf.writeBytes(chunk, 0, n);
            left -= n;
        }
    }
}
