package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Double} values, also in serialized form; normalized key: 8 bytes, the bits ordered as Double.compare orders values (-0.0 before 0.0, NaN last). */
public final class DoubleComparator extends BasicTypeComparator<Double> {

    private static final long serialVersionUID = 1L;

    public DoubleComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Double.compare(firstSource.readDouble(), secondSource.readDouble()));
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
    public void putNormalizedKey(Double record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(doubleKey(record), 8, target, offset, numBytes);
    }

    @Override
    public DoubleComparator duplicate() {
        return new DoubleComparator(ascending);
    }

    /** The double's bits mapped so that unsigned order is {@link Double#compare} order. */
    static long doubleKey(double value) {
        long bits = Double.doubleToLongBits(value);
        return bits ^ ((bits >> 63) | Long.MIN_VALUE);
    }
}
