package io.eddy.api.common.aggregators;

/** Sums {@code double}s; the neutral value is 0.0. Adding a {@code double} boxes nothing. */
public final class DoubleSumAggregator implements Aggregator<Double> {

    private static final long serialVersionUID = 1L;

    private double sum;

    @Override
    public Double getAggregate() {
        return sum;
    }

    @Override
    public void aggregate(Double element) {
        sum += element;
    }

    /** Adds {@code value}. */
    public void aggregate(double value) {
        sum += value;
    }

    @Override
    public void reset() {
        sum = 0.0;
    }
}
