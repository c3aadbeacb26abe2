package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Integer} values, also in serialized form; normalized key: 4 bytes, sign bit flipped. */
public final class IntComparator extends BasicTypeComparator<Integer> {

    private static final long serialVersionUID = 1L;

    public IntComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Integer.compare(firstSource.readInt(), secondSource.readInt()));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 4;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyBytes < 4;
    }

    @Override
    public void putNormalizedKey(Integer record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record ^ Integer.MIN_VALUE, 4, target, offset, numBytes);
    }

    @Override
    public IntComparator duplicate() {
        return new IntComparator(ascending);
    }
}
