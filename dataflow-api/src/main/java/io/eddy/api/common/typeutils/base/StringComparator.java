package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.ByteStringKeys;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.util.Arrays;

/**
 * Compares strings in {@link String#compareTo} order. Serialized strings (see {@link
 * StringSerializer}) are compared as unsigned bytes without decoding. The normalized key is that
 * byte encoding in {@link ByteStringKeys}' layout: prefix-only for the type (a string may be longer
 * than any key), whole for each string that fits ({@link #isNormalizedKeyWhole}).
 *
 * <p>Not thread-safe (reference and scratch buffers): each thread uses its own {@link #duplicate()}.
 */
public final class StringComparator extends BasicTypeComparator<String> {

    private static final long serialVersionUID = 1L;

    /** Scratch for binary comparison; owned by the thread using this comparator. */
    private transient byte[] first;
    private transient byte[] second;

    public StringComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        int n1 = VarInts.readVarInt(firstSource);
        byte[] a = first = ensure(first, n1);
        firstSource.readFully(a, 0, n1);
        int n2 = VarInts.readVarInt(secondSource);
        byte[] b = second = ensure(second, n2);
        secondSource.readFully(b, 0, n2);
        return direction(Arrays.compareUnsigned(a, 0, n1, b, 0, n2));
    }

    private static byte[] ensure(byte[] buf, int size) {
        return buf != null && buf.length >= size ? buf : new byte[Math.max(size, 64)];
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return Integer.MAX_VALUE;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return true;
    }

    @Override
    public boolean comparesSerializedKeys() {
        return true;
    }

    /** The string's bytes (as {@link StringSerializer} encodes its chars) in {@link ByteStringKeys}' layout. */
    @Override
    public void putNormalizedKey(String record, MemorySegment target, int offset, int numBytes) {
        int limit = offset + ByteStringKeys.contentBytes(numBytes);
        int p = offset;
        boolean whole = true;
        for (int i = 0, len = record.length(); i < len; i++) {
            char c = record.charAt(i);
            int size = c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
            if (p + size > limit) {
                // The leading bytes of a char that does not fit still belong to the prefix.
                for (int k = 0; p < limit; k++) {
                    target.put(p++, encodedByte(c, size, k));
                }
                whole = false;
                break;
            }
            for (int k = 0; k < size; k++) {
                target.put(p++, encodedByte(c, size, k));
            }
        }
        ByteStringKeys.finish(target, offset, numBytes, p - offset, whole ? p - offset : Long.MAX_VALUE);
    }

    @Override
    public boolean isNormalizedKeyWhole(MemorySegment key, int offset, int numBytes) {
        return ByteStringKeys.isWhole(key, offset, numBytes);
    }

    /** Byte {@code k} of the {@code size}-byte encoding of {@code c}. */
    private static byte encodedByte(char c, int size, int k) {
        return switch (size) {
            case 1 -> (byte) c;
            case 2 -> (byte) (k == 0 ? 0xC0 | (c >> 6) : 0x80 | (c & 0x3F));
            default -> (byte) (k == 0 ? 0xE0 | (c >> 12) : k == 1 ? 0x80 | ((c >> 6) & 0x3F) : 0x80 | (c & 0x3F));
        };
    }

    @Override
    public StringComparator duplicate() {
        return new StringComparator(ascending);
    }
}
