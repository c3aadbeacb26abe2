package io.eddy.api.common.aggregators;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AggregatorsTest {

    @Test
    void longSumAddsValuesAndCombinesCopiesAndResets() {
        LongSumAggregator a = new LongSumAggregator();
        LongSumAggregator b = new LongSumAggregator();
        a.aggregate(3L);
        a.aggregate(Long.valueOf(4));
        b.aggregate(10L);
        a.aggregate(b.getAggregate());
        assertThat(a.getAggregate()).isEqualTo(17L);
        a.reset();
        assertThat(a.getAggregate()).isZero();
    }

    @Test
    void doubleSumAddsValuesAndCombinesCopiesAndResets() {
        DoubleSumAggregator a = new DoubleSumAggregator();
        DoubleSumAggregator b = new DoubleSumAggregator();
        a.aggregate(0.25);
        b.aggregate(Double.valueOf(0.5));
        a.aggregate(b.getAggregate());
        assertThat(a.getAggregate()).isEqualTo(0.75);
        a.reset();
        assertThat(a.getAggregate()).isZero();
    }
}
