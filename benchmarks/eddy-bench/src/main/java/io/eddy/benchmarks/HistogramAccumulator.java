package io.eddy.benchmarks;

import io.eddy.api.common.accumulators.Accumulator;
import org.HdrHistogram.Histogram;

/**
 * An accumulator of latencies in nanoseconds, kept in an HdrHistogram (3 significant digits, up to
 * one minute); parallel instances are merged by adding their histograms. Used from one task thread.
 */
public final class HistogramAccumulator implements Accumulator<Long, Histogram> {

    private static final long serialVersionUID = 1L;

    static final long HIGHEST_TRACKABLE_NANOS = 60_000_000_000L;

    private final Histogram histogram;

    public HistogramAccumulator() {
        this(new Histogram(HIGHEST_TRACKABLE_NANOS, 3));
    }

    private HistogramAccumulator(Histogram histogram) {
        this.histogram = histogram;
    }

    @Override
    public void add(Long nanos) {
        record(nanos);
    }

    /** Records one latency; values above one minute are recorded as one minute. */
    public void record(long nanos) {
        histogram.recordValue(Math.max(0, Math.min(nanos, HIGHEST_TRACKABLE_NANOS)));
    }

    @Override
    public Histogram getLocalValue() {
        return histogram;
    }

    @Override
    public void resetLocal() {
        histogram.reset();
    }

    @Override
    public void merge(Accumulator<Long, Histogram> other) {
        histogram.add(other.getLocalValue());
    }

    @Override
    public HistogramAccumulator clone() {
        return new HistogramAccumulator(histogram.copy());
    }
}
