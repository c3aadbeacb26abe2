package io.eddy.api.common.accumulators;

/** A sum of double values. */
public final class DoubleCounter implements Accumulator<Double, Double> {

    private static final long serialVersionUID = 1L;

    private double value;

    public DoubleCounter() {}

    public DoubleCounter(double initial) {
        this.value = initial;
    }

    @Override
    public void add(Double v) {
        value += v;
    }

    public void add(double v) {
        value += v;
    }

    public double get() {
        return value;
    }

    @Override
    public Double getLocalValue() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = 0;
    }

    @Override
    public void merge(Accumulator<Double, Double> other) {
        value += other.getLocalValue();
    }

    @Override
    public DoubleCounter clone() {
        return new DoubleCounter(value);
    }

    @Override
    public String toString() {
        return "DoubleCounter " + value;
    }
}
