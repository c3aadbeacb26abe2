package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.math.BigDecimal;

/** Compares {@code BigDecimal} values by numeric value (1.0 equals 1.00 as a key); serialized values are deserialized to compare. No normalized key. */
public final class BigDecComparator extends BasicTypeComparator<BigDecimal> {

    private static final long serialVersionUID = 1L;

    /** Owned by the thread using this comparator. */
    private transient BigDecimal reference;

    public BigDecComparator(boolean ascending) {
        super(ascending);
    }

    /** Consistent with {@code compareTo}: 1.0 and 1.00 hash alike. */
    @Override
    public int hash(BigDecimal record) {
        return record.signum() == 0 ? 0 : record.stripTrailingZeros().hashCode();
    }

    @Override
    public void setReference(BigDecimal toCompare) {
        super.setReference(toCompare);
        this.reference = toCompare;
    }

    /** Consistent with {@code compareTo}: 1.0 equals 1.00 as a key. */
    @Override
    public boolean equalToReference(BigDecimal candidate) {
        return candidate.compareTo(reference) == 0;
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        BigDecimal a = BigDecSerializer.INSTANCE.deserialize(firstSource);
        BigDecimal b = BigDecSerializer.INSTANCE.deserialize(secondSource);
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
    public void putNormalizedKey(BigDecimal record, MemorySegment target, int offset, int numBytes) {
        throw new UnsupportedOperationException("BigDecComparator has no normalized key (supportsNormalizedKey() is false)");
    }

    @Override
    public BigDecComparator duplicate() {
        return new BigDecComparator(ascending);
    }
}
