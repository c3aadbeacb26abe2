package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.math.BigInteger;

/** Compares {@code BigInteger} values; serialized values are deserialized to compare. No normalized key. */
public final class BigIntComparator extends BasicTypeComparator<BigInteger> {

    private static final long serialVersionUID = 1L;

    public BigIntComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        BigInteger a = BigIntSerializer.INSTANCE.deserialize(firstSource);
        BigInteger b = BigIntSerializer.INSTANCE.deserialize(secondSource);
        return direction(a.compareTo(b));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return false;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 0;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return true;
    }

    @Override
    public void putNormalizedKey(BigInteger record, MemorySegment target, int offset, int numBytes) {
        throw new UnsupportedOperationException("BigIntComparator has no normalized key (supportsNormalizedKey() is false)");
    }

    @Override
    public BigIntComparator duplicate() {
        return new BigIntComparator(ascending);
    }
}
