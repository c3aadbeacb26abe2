package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.operators.Order;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code sortPartition(..).combineGroup(..)} on the embedded cluster: every call gets records in the order, totals stay exact. */
@Timeout(120)
class SortedCombineITCase {

    private static final long N = 300_000;
    private static final int KEYS = 1_000;

    /** (i * 7919 % KEYS, 1): keys out of order. */
    public static final class Shuffle implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value * 7919 % KEYS, 1L);
        }
    }

    /** Sums the counts per key of one call; fails on a key out of descending order. */
    public static final class SortedSums implements GroupCombineFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void combine(Iterable<Tuple2<Long, Long>> values, Collector<Tuple2<Long, Long>> out) {
            java.util.LinkedHashMap<Long, Long> sums = new java.util.LinkedHashMap<>();
            long previous = Long.MAX_VALUE;
            for (Tuple2<Long, Long> v : values) {
                if (v.f0 > previous) {
                    throw new IllegalStateException("key " + v.f0 + " after " + previous + " (expected: descending)");
                }
                previous = v.f0;
                sums.merge(v.f0, v.f1, Long::sum);
            }
            sums.forEach((key, sum) -> out.collect(Tuple2.of(key, sum)));
        }
    }

    @Test
    void eachCombineCallGetsItsRecordsSortedAndTheTotalsStayExact() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<Long, Long>> partials = env.generateSequence(0, N - 1).map(new Shuffle())
                .sortPartition(0, Order.DESCENDING).combineGroup(new SortedSums()).collect();
        assertThat(partials.size()).as("combined within each sorted fill").isLessThan((int) (N / 10));
        java.util.Map<Long, Long> totals = new java.util.HashMap<>();
        partials.forEach(p -> totals.merge(p.f0, p.f1, Long::sum));
        assertThat(totals).hasSize(KEYS);
        assertThat(totals.values()).allSatisfy(count -> assertThat(count).isEqualTo(N / KEYS));
    }
}
