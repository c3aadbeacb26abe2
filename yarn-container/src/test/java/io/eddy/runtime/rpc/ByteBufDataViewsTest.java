package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteBufDataViewsTest {

    private static final String UTF = "plain, ümlaut, \u20ac, \u0000 and \uD83D\uDE00";

    @Test
    void writesExactlyWhatDataOutputStreamWrites() throws IOException {
        ByteBuf buf = Unpooled.buffer();
        ByteBufDataOutputView view = new ByteBufDataOutputView(buf);
        ByteArrayOutputStream expectedBytes = new ByteArrayOutputStream();
        DataOutputStream expected = new DataOutputStream(expectedBytes);
        for (var out : new java.io.DataOutput[] {view, expected}) {
            out.writeBoolean(true);
            out.writeByte(-3);
            out.writeShort(-30000);
            out.writeChar('\u20ac');
            out.writeInt(Integer.MIN_VALUE);
            out.writeLong(Long.MAX_VALUE - 1);
            out.writeFloat(1.5f);
            out.writeDouble(-2.25);
            out.writeBytes("abc");
            out.writeChars("xy");
            out.writeUTF(UTF);
            out.write(new byte[] {1, 2, 3}, 1, 2);
        }
        byte[] actual = new byte[buf.readableBytes()];
        buf.getBytes(0, actual);
        assertThat(actual).isEqualTo(expectedBytes.toByteArray());
    }

    @Test
    void readsWhatDataOutputStreamWrote() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeBoolean(false);
        out.writeByte(200);
        out.writeShort(65000);
        out.writeChar('q');
        out.writeInt(-7);
        out.writeLong(1L << 40);
        out.writeFloat(0.25f);
        out.writeDouble(Math.PI);
        out.writeUTF(UTF);
        out.write(new byte[] {9, 8, 7});
        ByteBufDataInputView in = new ByteBufDataInputView(Unpooled.wrappedBuffer(bytes.toByteArray()));
        assertThat(in.readBoolean()).isFalse();
        assertThat(in.readUnsignedByte()).isEqualTo(200);
        assertThat(in.readUnsignedShort()).isEqualTo(65000);
        assertThat(in.readChar()).isEqualTo('q');
        assertThat(in.readInt()).isEqualTo(-7);
        assertThat(in.readLong()).isEqualTo(1L << 40);
        assertThat(in.readFloat()).isEqualTo(0.25f);
        assertThat(in.readDouble()).isEqualTo(Math.PI);
        assertThat(in.readUTF()).isEqualTo(UTF);
        byte[] rest = new byte[5];
        assertThat(in.read(rest, 0, 5)).isEqualTo(3);
        assertThat(in.read(rest, 0, 5)).isEqualTo(-1);
    }

    @Test
    void readingPastTheEndIsAnEofException() {
        ByteBufDataInputView in = new ByteBufDataInputView(Unpooled.wrappedBuffer(new byte[3]));
        assertThatThrownBy(in::readInt).isInstanceOf(EOFException.class).hasMessageContaining("needed 4 more bytes, 3 left");
        assertThatThrownBy(() -> in.skipBytesToRead(4)).isInstanceOf(EOFException.class);
        assertThat(in.skipBytes(10)).isEqualTo(3);
    }

    @Test
    void copiesFromAnotherViewAndSkips() throws IOException {
        ByteBufDataInputView source = new ByteBufDataInputView(Unpooled.wrappedBuffer(new byte[] {1, 2, 3, 4}));
        ByteBuf target = Unpooled.buffer();
        ByteBufDataOutputView out = new ByteBufDataOutputView(target);
        out.write(source, 3);
        out.skipBytesToWrite(2);
        out.write(new DataInputStreamView(new byte[] {5, 6}), 2);
        assertThat(target.readableBytes()).isEqualTo(7);
        assertThat(target.getByte(0)).isEqualTo((byte) 1);
        assertThat(target.getByte(2)).isEqualTo((byte) 3);
        assertThat(target.getByte(6)).isEqualTo((byte) 6);
        assertThat(source.remaining()).isEqualTo(1);
    }

    @Test
    void writingBeyondTheCapacityLimitIsAFrameTooLargeError() {
        ByteBufDataOutputView out = new ByteBufDataOutputView(Unpooled.buffer(4, 8));
        out.writeInt(1);
        assertThatThrownBy(() -> out.writeLong(2))
                .isInstanceOf(FrameTooLargeException.class)
                .hasMessageContaining("at least 12 bytes")
                .hasMessageContaining("maximum frame size of 8 bytes");
    }

    /** A non-ByteBuf DataInputView, to test the generic copy path. */
    private static final class DataInputStreamView extends DataInputStream implements io.eddy.core.memory.DataInputView {
        DataInputStreamView(byte[] bytes) {
            super(new ByteArrayInputStream(bytes));
        }

        @Override
        public void skipBytesToRead(int numBytes) throws IOException {
            skipNBytes(numBytes);
        }
    }
}
