package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares enum constants by ordinal, also in serialized form; normalized key: the ordinal in 4 bytes. */
public final class EnumComparator<T extends Enum<T>> extends BasicTypeComparator<T> {

    private static final long serialVersionUID = 1L;

    public EnumComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int hash(T record) {
        // Enum.hashCode is the identity hash, which differs between JVMs; the ordinal does not.
        return record.ordinal();
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
    public void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record.ordinal(), 4, target, offset, numBytes);
    }

    @Override
    public EnumComparator<T> duplicate() {
        return new EnumComparator<>(ascending);
    }
}
