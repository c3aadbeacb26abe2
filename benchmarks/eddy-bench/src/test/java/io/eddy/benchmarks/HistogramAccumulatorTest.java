package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HistogramAccumulatorTest {

    @Test
    void mergesParallelInstancesAndClampsOutliers() {
        HistogramAccumulator a = new HistogramAccumulator();
        HistogramAccumulator b = new HistogramAccumulator();
        for (int i = 1; i <= 100; i++) {
            a.record(i * 1_000_000L);
        }
        b.record(-5);
        b.add(Long.MAX_VALUE);

        HistogramAccumulator copy = a.clone();
        a.merge(b);

        assertThat(a.getLocalValue().getTotalCount()).isEqualTo(102);
        assertThat(a.getLocalValue().getMinValue()).isZero();
        assertThat(a.getLocalValue().getMaxValue()).isBetween(59_000_000_000L, 61_000_000_000L);
        assertThat(copy.getLocalValue().getTotalCount()).as("a clone is independent").isEqualTo(100);
        assertThat(copy.getLocalValue().getValueAtPercentile(50)).isBetween(49_900_000L, 50_100_000L);
        a.resetLocal();
        assertThat(a.getLocalValue().getTotalCount()).isZero();
    }
}
