package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Byte} values, also in serialized form; normalized key: 1 bytes, sign bit flipped. */
public final class ByteComparator extends BasicTypeComparator<Byte> {

    private static final long serialVersionUID = 1L;

    public ByteComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Byte.compare(firstSource.readByte(), secondSource.readByte()));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 1;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyBytes < 1;
    }

    @Override
    public void putNormalizedKey(Byte record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes((record ^ 0x80) & 0xFF, 1, target, offset, numBytes);
    }

    @Override
    public ByteComparator duplicate() {
        return new ByteComparator(ascending);
    }
}
