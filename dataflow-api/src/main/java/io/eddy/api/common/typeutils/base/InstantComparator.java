package io.eddy.api.common.typeutils.base;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.time.Instant;

/** Compares instants, also in serialized form; normalized key: 12 bytes, seconds with the sign bit flipped, then nanos. */
public final class InstantComparator extends BasicTypeComparator<Instant> {

    private static final long serialVersionUID = 1L;

    public InstantComparator(boolean ascending) {
        super(ascending);
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        long s1 = firstSource.readLong();
        int n1 = firstSource.readInt();
        long s2 = secondSource.readLong();
        int n2 = secondSource.readInt();
        int cmp = Long.compare(s1, s2);
        return direction(cmp != 0 ? cmp : Integer.compare(n1, n2));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return true;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 12;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return keyBytes < 12;
    }

    @Override
    public void putNormalizedKey(Instant record, MemorySegment target, int offset, int numBytes) {
        putKeyBytes(record.getEpochSecond() ^ Long.MIN_VALUE, 8, target, offset, Math.min(8, numBytes));
        if (numBytes > 8) {
            putKeyBytes(record.getNano(), 4, target, offset + 8, numBytes - 8);
        }
    }

    @Override
    public InstantComparator duplicate() {
        return new InstantComparator(ascending);
    }
}
