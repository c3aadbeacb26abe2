package io.eddy.api.common.io;

import java.io.IOException;

/**
 * The longs {@code from..to} (both inclusive), cut into {@code minNumSplits} contiguous ranges of
 * nearly equal size (sizes differ by at most one); each range is produced in ascending order.
 */
public final class NumberSequenceInputFormat extends GenericInputFormat<Long> {

    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;

    private transient long next;
    private transient long last;
    private transient boolean exhausted;

    public NumberSequenceInputFormat(long from, long to) {
        if (from > to) {
            throw new IllegalArgumentException("NumberSequenceInputFormat: from " + from + " > to " + to
                    + " (expected: from <= to; both are inclusive)");
        }
        if (from == Long.MIN_VALUE && to == Long.MAX_VALUE) {
            throw new IllegalArgumentException("NumberSequenceInputFormat: the full long range has 2^64 elements, more"
                    + " than can be counted; use a smaller range");
        }
        this.from = from;
        this.to = to;
    }

    @Override
    public BaseStatistics getStatistics(BaseStatistics cached) {
        return new BaseStatistics(count() * Long.BYTES, count(), Long.BYTES);
    }

    /** The number of elements; {@code to - from + 1} (may wrap for huge ranges, which only affects the estimate). */
    private long count() {
        return to - from + 1;
    }

    @Override
    public void open(GenericInputSplit split) throws IOException {
        super.open(split);
        long n = count();
        long base = Long.divideUnsigned(n, totalPartitions);
        long extra = Long.remainderUnsigned(n, totalPartitions);
        // The first `extra` partitions get one element more.
        long start = from + base * partitionNumber + Math.min(partitionNumber, extra);
        long size = base + (partitionNumber < extra ? 1 : 0);
        this.next = start;
        this.last = start + size - 1;
        this.exhausted = size == 0;
    }

    @Override
    public boolean reachedEnd() {
        return exhausted;
    }

    @Override
    public Long nextRecord(Long reuse) {
        if (exhausted) {
            return null;
        }
        long value = next;
        if (value == last) {
            exhausted = true;
        } else {
            next++;
        }
        return value;
    }
}
