package io.eddy.api.common.aggregators;

/** Sums {@code long}s; the neutral value is 0. Adding a {@code long} boxes nothing. */
public final class LongSumAggregator implements Aggregator<Long> {

    private static final long serialVersionUID = 1L;

    private long sum;

    @Override
    public Long getAggregate() {
        return sum;
    }

    @Override
    public void aggregate(Long element) {
        sum += element;
    }

    /** Adds {@code value}. */
    public void aggregate(long value) {
        sum += value;
    }

    @Override
    public void reset() {
        sum = 0;
    }
}
