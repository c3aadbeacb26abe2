package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Boolean} values, also in serialized form; normalized key: 1 bytes, false before true. */
public final class BooleanComparator extends BasicTypeComparator<Boolean> {

    private static final long serialVersionUID = 1L;

    public BooleanComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Boolean.compare(firstSource.readBoolean(), secondSource.readBoolean()));
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
    public void putNormalizedKey(Boolean record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record ? 1 : 0, 1, target, offset, numBytes);
    }

    @Override
    public BooleanComparator duplicate() {
        return new BooleanComparator(ascending);
    }
}
