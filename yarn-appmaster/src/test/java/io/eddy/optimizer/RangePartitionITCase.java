package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.operators.Order;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** {@code partitionByRange} on the embedded cluster: ranges are disjoint, ordered, complete and all non-empty. */
class RangePartitionITCase {

    private static final long N = 100_000;

    /** A bijection of 1..N (7919 is prime to N), so the input is not in key order. */
    public static final class Shuffle implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value * 7919 % N + 1, value);
        }
    }

    /** (subtask index, key). */
    public static final class TagSubtask extends RichMapFunction<Tuple2<Long, Long>, Tuple2<Integer, Long>> {
        @Override
        public Tuple2<Integer, Long> map(Tuple2<Long, Long> value) {
            return Tuple2.of(getRuntimeContext().getIndexOfThisSubtask(), value.f0);
        }
    }

    @Test
    void rangesAreOrderedDisjointCompleteAndNonEmpty() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(4);
        List<Tuple2<Integer, Long>> tagged = env.generateSequence(1, N).map(new Shuffle()).partitionByRange(0)
                .sortPartition(0, Order.ASCENDING).map(new TagSubtask()).collect();

        assertThat(tagged).hasSize((int) N);
        assertThat(tagged.stream().map(t -> t.f1).distinct().count()).isEqualTo(N);
        Map<Integer, List<Long>> bySubtask = tagged.stream().collect(Collectors.groupingBy(t -> t.f0, TreeMap::new,
                Collectors.mapping(t -> t.f1, Collectors.toList())));
        assertThat(bySubtask.keySet()).containsExactly(0, 1, 2, 3);
        long previousMax = 0;
        for (Map.Entry<Integer, List<Long>> e : bySubtask.entrySet()) {
            List<Long> values = e.getValue();
            long min = values.stream().mapToLong(Long::longValue).min().orElseThrow();
            long max = values.stream().mapToLong(Long::longValue).max().orElseThrow();
            assertThat(min).as("smallest key of subtask %d", e.getKey()).isGreaterThan(previousMax);
            // sampled boundaries: each range holds roughly a quarter
            assertThat(values.size()).as("records of subtask %d", e.getKey()).isBetween((int) (N / 8), (int) (N / 2));
            previousMax = max;
        }
    }
}
