package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Short} values, also in serialized form; normalized key: 2 bytes, sign bit flipped. */
public final class ShortComparator extends BasicTypeComparator<Short> {

    private static final long serialVersionUID = 1L;

    public ShortComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Short.compare(firstSource.readShort(), secondSource.readShort()));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 2;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyBytes < 2;
    }

    @Override
    public void putNormalizedKey(Short record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes((record ^ 0x8000) & 0xFFFF, 2, target, offset, numBytes);
    }

    @Override
    public ShortComparator duplicate() {
        return new ShortComparator(ascending);
    }
}
