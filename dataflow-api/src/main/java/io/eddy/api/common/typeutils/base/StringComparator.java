package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.util.Arrays;

/**
 * Compares strings in {@link String#compareTo} order. Serialized strings (see {@link
 * StringSerializer}) are compared as unsigned bytes without decoding. The normalized key is the
 * prefix of that byte encoding, padded with zeros; it is always prefix-only, because a string
 * may contain {@code '\0'} chars and be longer than any key.
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
    public void putNormalizedKey(String record, MemorySegment target, int offset, int numBytes) {
        int limit = offset + numBytes;
        int p = offset;
        int len = record.length();
        for (int i = 0; i < len && p < limit; i++) {
            char c = record.charAt(i);
            if (c < 0x80) {
                target.put(p++, (byte) c);
            } else if (c < 0x800) {
                p = putBytes(target, p, limit, 0xC0 | (c >> 6), 0x80 | (c & 0x3F), -1);
            } else {
                p = putBytes(target, p, limit, 0xE0 | (c >> 12), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F));
            }
        }
        while (p < limit) {
            target.put(p++, (byte) 0);
        }
    }

    private static int putBytes(MemorySegment target, int p, int limit, int b0, int b1, int b2) {
        int pos = p;
        target.put(pos++, (byte) b0);
        if (pos < limit) {
            target.put(pos++, (byte) b1);
        }
        if (b2 >= 0 && pos < limit) {
            target.put(pos++, (byte) b2);
        }
        return pos;
    }

    @Override
    public StringComparator duplicate() {
        return new StringComparator(ascending);
    }
}
