package io.eddy.core.memory;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Unsigned variable-length ints: 7 bits per byte, low bits first, high bit set on all but the last byte. */
public final class VarInts {

    private VarInts() {
    }

    /** Writes {@code value} (must be >= 0) in 1 to 5 bytes. */
    public static void writeVarInt(int value, DataOutputView out) throws IOException {
        int v = value;
        while ((v & ~0x7F) != 0) {
            out.writeByte((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte(v);
    }

    /** The number of bytes {@link #writeVarInt} writes for {@code value} (>= 0): 1 to 5. */
    public static int sizeOfVarInt(int value) {
        return 1 + (31 - Integer.numberOfLeadingZeros(value | 1)) / 7;
    }

    /** Writes {@code value} (>= 0) as {@link #writeVarInt} does into {@code buf} from {@code offset}; returns the end offset. */
    public static int putVarInt(int value, byte[] buf, int offset) {
        int v = value;
        int p = offset;
        while ((v & ~0x7F) != 0) {
            buf[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[p++] = (byte) v;
        return p;
    }

    /** Reads an int written by {@link #writeVarInt}. */
    public static int readVarInt(DataInputView in) throws IOException {
        int b = in.readUnsignedByte();
        if (b < 0x80) {
            return b;
        }
        int result = b & 0x7F;
        int shift = 7;
        do {
            if (shift > 28) {
                throw new IOException("Corrupt variable-length int: more than 5 bytes; the data was not written by"
                        + " this serializer");
            }
            b = in.readUnsignedByte();
            result |= (b & 0x7F) << shift;
            shift += 7;
        } while (b >= 0x80);
        return result;
    }

    /** Copies one variable-length int from {@code in} to {@code out} and returns its value. */
    public static int copyVarInt(DataInputView in, DataOutputView out) throws IOException {
        int value = readVarInt(in);
        writeVarInt(value, out);
        return value;
    }
}
