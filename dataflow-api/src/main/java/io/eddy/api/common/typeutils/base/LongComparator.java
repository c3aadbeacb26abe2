package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Long} values, also in serialized form; normalized key: 8 bytes, sign bit flipped. */
public final class LongComparator extends BasicTypeComparator<Long> {

    private static final long serialVersionUID = 1L;

    public LongComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Long.compare(firstSource.readLong(), secondSource.readLong()));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 8;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyBytes < 8;
    }

    @Override
    public void putNormalizedKey(Long record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record ^ Long.MIN_VALUE, 8, target, offset, numBytes);
    }

    @Override
    public LongComparator duplicate() {
        return new LongComparator(ascending);
    }
}
