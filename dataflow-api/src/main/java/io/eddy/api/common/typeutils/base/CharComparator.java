package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Character} values, also in serialized form; normalized key: 2 bytes, unsigned. */
public final class CharComparator extends BasicTypeComparator<Character> {

    private static final long serialVersionUID = 1L;

    public CharComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Character.compare(firstSource.readChar(), secondSource.readChar()));
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
    public void putNormalizedKey(Character record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record.charValue(), 2, target, offset, numBytes);
    }

    @Override
    public CharComparator duplicate() {
        return new CharComparator(ascending);
    }
}
