package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;

/**
 * Serializes strings of any length as a variable-length byte count followed by each UTF-16 char
 * encoded on its own in 1 to 3 bytes (UTF-8 style, {@code '\0'} as one byte). This encoding keeps
 * the order of chars, so the unsigned byte order of two encodings is {@link String#compareTo}
 * order: {@link StringComparator} compares serialized strings without decoding them.
 *
 * <p>Holds a scratch buffer, so each thread uses its own instance ({@link #duplicate()} or {@code
 * new StringSerializer()}); there is deliberately no shared singleton.
 */
public final class StringSerializer extends TypeSerializer<String> {

    private static final long serialVersionUID = 1L;

    /** The scratch buffer's size until a longer string needs more. */
    private static final int INITIAL_SCRATCH = 64;

    /**
     * Scratch for encoding and decoding; owned by the thread using this instance. Allocated when
     * the serializer is created or deserialized, so that only a long string, never a job's first
     * one, takes the growing branch (docs/types.md, "Derived state").
     */
    private transient byte[] scratch = new byte[INITIAL_SCRATCH];

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        scratch = new byte[INITIAL_SCRATCH];
    }

    /** Whether the scratch buffer is in place before any string was read or written (for tests). */
    boolean hasScratch() {
        return scratch != null;
    }

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public StringSerializer duplicate() {
        return new StringSerializer();
    }

    @Override
    public String createInstance() {
        return "";
    }

    @Override
    public String copy(String from) {
        return from;
    }

    @Override
    public String copy(String from, String reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(String record, DataOutputView target) throws IOException {
        if (target instanceof DataOutputSerializer out) {
            serialize(record, out);
            return;
        }
        int len = record.length();
        byte[] buf = scratch(3 * len);
        int n = encode(record, buf, 0);
        VarInts.writeVarInt(n, target);
        target.write(buf, 0, n);
    }

    /**
     * Encodes straight into {@code out}'s array behind a one-byte length, which is where a string of
     * fewer than 128 encoded bytes ends; a longer one moves its bytes up to make room for the
     * longer length. The same bytes as the general path, without the copy through the scratch buffer.
     */
    private static void serialize(String record, DataOutputSerializer out) {
        int start = out.length();
        out.setPosition(start + 1 + 3 * record.length());
        byte[] buf = out.getSharedBuffer();
        int n = encode(record, buf, start + 1) - (start + 1);
        int prefix = VarInts.sizeOfVarInt(n);
        out.setPosition(start + prefix + n);
        if (prefix > 1) {
            buf = out.getSharedBuffer(); // the move may need more room than was reserved
            System.arraycopy(buf, start + 1, buf, start + prefix, n);
        }
        VarInts.putVarInt(n, buf, start);
    }

    @Override
    public String deserialize(DataInputView source) throws IOException {
        int n = VarInts.readVarInt(source);
        byte[] buf = scratch(n);
        source.readFully(buf, 0, n);
        return decode(buf, n);
    }

    @Override
    public String deserialize(String reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int n = VarInts.copyVarInt(source, target);
        target.write(source, n);
    }

    private byte[] scratch(int size) {
        byte[] buf = scratch;
        if (buf.length < size) {
            buf = new byte[size];
            scratch = buf;
        }
        return buf;
    }

    /** Encodes {@code s} into {@code buf} from {@code offset} (room for {@code 3 * s.length()} bytes); returns the end offset. */
    static int encode(String s, byte[] buf, int offset) {
        int len = s.length();
        int p = offset;
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                buf[p++] = (byte) c;
            } else if (c < 0x800) {
                buf[p++] = (byte) (0xC0 | (c >> 6));
                buf[p++] = (byte) (0x80 | (c & 0x3F));
            } else {
                buf[p++] = (byte) (0xE0 | (c >> 12));
                buf[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                buf[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }

    /** Decodes {@code n} bytes written by {@link #encode}. */
    static String decode(byte[] buf, int n) throws IOException {
        int i = 0;
        while (i < n && buf[i] >= 0) {
            i++;
        }
        if (i == n) {
            return new String(buf, 0, n, StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[n];
        for (int k = 0; k < i; k++) {
            chars[k] = (char) buf[k];
        }
        int count = i;
        int p = i;
        while (p < n) {
            int b = buf[p] & 0xFF;
            if (b < 0x80) {
                chars[count++] = (char) b;
                p++;
            } else if (b < 0xE0 && p + 1 < n) {
                chars[count++] = (char) (((b & 0x1F) << 6) | (buf[p + 1] & 0x3F));
                p += 2;
            } else if (p + 2 < n) {
                chars[count++] = (char) (((b & 0x0F) << 12) | ((buf[p + 1] & 0x3F) << 6) | (buf[p + 2] & 0x3F));
                p += 3;
            } else {
                throw new IOException("Corrupt string: a char's encoding is cut off at byte " + p + " of " + n
                        + "; the data was not written by StringSerializer");
            }
        }
        return new String(chars, 0, count);
    }

    @Override
    public TypeSerializerSnapshot<String> snapshotConfiguration() {
        return new Snapshot();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof StringSerializer;
    }

    @Override
    public int hashCode() {
        return StringSerializer.class.hashCode();
    }

    @Override
    public String toString() {
        return "StringSerializer";
    }

    /** The configuration-free snapshot of {@link StringSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<String> {
        public Snapshot() {
            super(StringSerializer::new);
        }
    }
}
