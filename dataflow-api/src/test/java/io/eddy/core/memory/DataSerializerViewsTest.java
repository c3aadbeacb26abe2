package io.eddy.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** {@link DataOutputSerializer} and {@link DataInputDeserializer} are byte-compatible with the JDK's data streams. */
class DataSerializerViewsTest {

    private static final String[] STRINGS = {"", "abc", "\0", "grüße", "日本", "\ud83d\ude00"};

    private static void writeAll(java.io.DataOutput out) throws IOException {
        out.writeBoolean(true);
        out.writeByte(-3);
        out.writeShort(-12345);
        out.writeChar('ü');
        out.writeInt(Integer.MIN_VALUE + 7);
        out.writeLong(0x0123456789ABCDEFL);
        out.writeFloat(-1.25f);
        out.writeDouble(Math.PI);
        out.write(new byte[] {1, 2, 3}, 1, 2);
        for (String s : STRINGS) {
            out.writeUTF(s);
        }
        out.writeBytes("AB");
        out.writeChars("CD");
    }

    @Test
    void writesTheSameBytesAsDataOutputStream() throws IOException {
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        writeAll(new DataOutputStream(expected));
        DataOutputSerializer out = new DataOutputSerializer(1);
        writeAll(out);
        assertThat(out.getCopyOfBuffer()).isEqualTo(expected.toByteArray());
        assertThat(out.length()).isEqualTo(expected.size());
    }

    @Test
    void readsWhatDataOutputStreamWrote() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        writeAll(new DataOutputStream(bytes));
        byte[] padded = new byte[bytes.size() + 10];
        System.arraycopy(bytes.toByteArray(), 0, padded, 5, bytes.size());
        DataInputDeserializer in = new DataInputDeserializer(padded, 5, bytes.size());
        DataInputStream reference = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        assertThat(in.readBoolean()).isEqualTo(reference.readBoolean());
        assertThat(in.readByte()).isEqualTo(reference.readByte());
        assertThat(in.readShort()).isEqualTo(reference.readShort());
        assertThat(in.readChar()).isEqualTo(reference.readChar());
        assertThat(in.readInt()).isEqualTo(reference.readInt());
        assertThat(in.readLong()).isEqualTo(reference.readLong());
        assertThat(in.readFloat()).isEqualTo(reference.readFloat());
        assertThat(in.readDouble()).isEqualTo(reference.readDouble());
        assertThat(in.readUnsignedShort()).isEqualTo(reference.readUnsignedShort());
        for (String s : STRINGS) {
            assertThat(in.readUTF()).isEqualTo(s);
        }
        assertThat(in.available()).isEqualTo(6);
        in.skipBytesToRead(6);
        assertThat(in.getPosition()).isEqualTo(5 + bytes.size());
        assertThatThrownBy(in::readInt).isInstanceOf(EOFException.class).hasMessageContaining("needed 4 bytes");
        assertThat(in.read(new byte[4], 0, 4)).isEqualTo(-1);
    }

    @Test
    void positionsClearAndByteBuffers() throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4);
        out.writeLong(1L);
        out.setPosition(2);
        assertThat(out.length()).isEqualTo(2);
        out.skipBytesToWrite(100);
        assertThat(out.length()).isEqualTo(102);
        out.clear();
        out.writeInt(42);
        DataInputDeserializer in = new DataInputDeserializer(ByteBuffer.wrap(out.getCopyOfBuffer()));
        assertThat(in.readInt()).isEqualTo(42);
        ByteBuffer direct = ByteBuffer.allocateDirect(4).putInt(0, 7);
        in.setBuffer(direct);
        assertThat(in.readInt()).isEqualTo(7);

        DataOutputSerializer copy = new DataOutputSerializer(1);
        copy.write(new DataInputDeserializer(new byte[] {9, 8, 7}), 3);
        assertThat(copy.getCopyOfBuffer()).containsExactly(9, 8, 7);
    }

    @Test
    void writeUtfRejectsTooLongStringsAndReadUtfRejectsGarbage() {
        assertThatThrownBy(() -> new DataOutputSerializer(8).writeUTF("ü".repeat(40_000)))
                .isInstanceOf(UTFDataFormatException.class).hasMessageContaining("StringSerializer");
        DataInputDeserializer in = new DataInputDeserializer(new byte[] {0, 1, (byte) 0xFF});
        assertThatThrownBy(in::readUTF).isInstanceOf(UTFDataFormatException.class);
    }
}
