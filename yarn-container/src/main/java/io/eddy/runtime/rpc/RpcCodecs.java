package io.eddy.runtime.rpc;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Helpers for writing {@link MessageCodec}s: strings of any length (unlike
 * {@link java.io.DataOutput#writeUTF}, which stops at 64 KiB) and byte arrays, each with an int
 * length prefix. Lengths read from the wire are checked against the bytes left in the frame, so a
 * corrupt length fails with an {@link EOFException} instead of a huge allocation.
 */
public final class RpcCodecs {

    private RpcCodecs() {}

    /** Writes a non-null string as an int byte count and its UTF-8 bytes. */
    public static void writeString(DataOutputView out, String value) throws IOException {
        writeBytes(out, value.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads a string written by {@link #writeString}. */
    public static String readString(DataInputView in) throws IOException {
        return new String(readBytes(in), StandardCharsets.UTF_8);
    }

    /** Writes a string that may be null (a presence flag, then as {@link #writeString}). */
    public static void writeNullableString(DataOutputView out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            writeString(out, value);
        }
    }

    /** Reads a string written by {@link #writeNullableString}. */
    public static String readNullableString(DataInputView in) throws IOException {
        return in.readBoolean() ? readString(in) : null;
    }

    /** Writes a non-null byte array as an int length and its bytes. */
    public static void writeBytes(DataOutputView out, byte[] value) throws IOException {
        out.writeInt(value.length);
        out.write(value);
    }

    /** Reads a byte array written by {@link #writeBytes}. */
    public static byte[] readBytes(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            throw new IOException("Corrupt message: negative byte-array length " + length);
        }
        if (in instanceof ByteBufDataInputView view && length > view.remaining()) {
            throw new EOFException("Corrupt message: byte-array length " + length + " exceeds the "
                    + view.remaining() + " bytes left in the frame");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
