package io.eddy.api.common.accumulators;

/** A sum of int values. */
public final class IntCounter implements Accumulator<Integer, Integer> {

    private static final long serialVersionUID = 1L;

    private int value;

    public IntCounter() {}

    public IntCounter(int initial) {
        this.value = initial;
    }

    @Override
    public void add(Integer v) {
        value += v;
    }

    public void add(int v) {
        value += v;
    }

    public int get() {
        return value;
    }

    @Override
    public Integer getLocalValue() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = 0;
    }

    @Override
    public void merge(Accumulator<Integer, Integer> other) {
        value += other.getLocalValue();
    }

    @Override
    public IntCounter clone() {
        return new IntCounter(value);
    }

    @Override
    public String toString() {
        return "IntCounter " + value;
    }
}
