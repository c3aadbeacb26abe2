package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.time.LocalDate;

/** Compares {@code LocalDate} values, also in serialized form; normalized key: 8 bytes, the epoch day with the sign bit flipped. */
public final class LocalDateComparator extends BasicTypeComparator<LocalDate> {

    private static final long serialVersionUID = 1L;

    public LocalDateComparator(boolean ascending) {
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
    public void putNormalizedKey(LocalDate record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record.toEpochDay() ^ Long.MIN_VALUE, 8, target, offset, numBytes);
    }

    @Override
    public LocalDateComparator duplicate() {
        return new LocalDateComparator(ascending);
    }
}
