package io.eddy.api.common.accumulators;

/** A sum of long values. */
public final class LongCounter implements Accumulator<Long, Long> {

    private static final long serialVersionUID = 1L;

    private long value;

    public LongCounter() {}

    public LongCounter(long initial) {
        this.value = initial;
    }

    @Override
    public void add(Long v) {
        value += v;
    }

    public void add(long v) {
        value += v;
    }

    public long get() {
        return value;
    }

    @Override
    public Long getLocalValue() {
        return value;
    }

    @Override
    public void resetLocal() {
        value = 0;
    }

    @Override
    public void merge(Accumulator<Long, Long> other) {
        value += other.getLocalValue();
    }

    @Override
    public LongCounter clone() {
        return new LongCounter(value);
    }

    @Override
    public String toString() {
        return "LongCounter " + value;
    }
}
