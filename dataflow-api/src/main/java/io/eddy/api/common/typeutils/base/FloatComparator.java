package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/** Compares {@code Float} values, also in serialized form; normalized key: 4 bytes, the bits ordered as Float.compare orders values (-0.0 before 0.0, NaN last). */
public final class FloatComparator extends BasicTypeComparator<Float> {

    private static final long serialVersionUID = 1L;

    public FloatComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return direction(Float.compare(firstSource.readFloat(), secondSource.readFloat()));
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
    public void putNormalizedKey(Float record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(floatKey(record), 4, target, offset, numBytes);
    }

    @Override
    public FloatComparator duplicate() {
        return new FloatComparator(ascending);
    }

    /** The float's bits mapped so that unsigned order is {@link Float#compare} order. */
    static long floatKey(float value) {
        int bits = Float.floatToIntBits(value);
        bits ^= (bits >> 31) | Integer.MIN_VALUE;
        return bits & 0xFFFFFFFFL;
    }
}
