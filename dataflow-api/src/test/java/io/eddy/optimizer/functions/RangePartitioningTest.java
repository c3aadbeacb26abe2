package io.eddy.optimizer.functions;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.typeinfo.BasicTypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.KeySpec;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The sampler, boundary picker and range assigner of {@code partitionByRange}, without a cluster. */
class RangePartitioningTest {

    private static final SerializerConfig CONFIG = new SerializerConfig();

    private static <T> Collector<T> into(List<T> list) {
        return new Collector<>() {
            @Override
            public void collect(T record) {
                list.add(record);
            }

            @Override
            public void close() {}
        };
    }

    /** A runtime context answering only the subtask index and the boundaries broadcast variable. */
    private static RuntimeContext context(List<?> boundaries) {
        return (RuntimeContext) Proxy.newProxyInstance(RuntimeContext.class.getClassLoader(), new Class<?>[] {RuntimeContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getIndexOfThisSubtask" -> 0;
                    case "getBroadcastVariable" -> {
                        assertThat(args[0]).isEqualTo(RangePartitioning.BOUNDARIES);
                        yield boundaries;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    private static List<Long> sequence(long from, long to) {
        return LongStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void theSamplerKeepsAtMostItsLimitOfInputRecords() {
        RangePartitioning.Sampler<Long> sampler = new RangePartitioning.Sampler<>(BasicTypeInfo.LONG_TYPE_INFO, CONFIG);
        sampler.setRuntimeContext(context(List.of()));
        List<Long> out = new ArrayList<>();
        sampler.mapPartition(sequence(1, 50_000), into(out));
        assertThat(out).hasSize(RangePartitioning.Sampler.MAX_SAMPLES).doesNotHaveDuplicates().allMatch(v -> v >= 1 && v <= 50_000);
        // uniform: not just the first records
        assertThat(out).anyMatch(v -> v > 25_000);

        List<Long> few = new ArrayList<>();
        sampler.mapPartition(sequence(1, 10), into(few));
        assertThat(few).containsExactlyInAnyOrderElementsOf(sequence(1, 10));
    }

    @Test
    void boundariesSplitTheSortedSamplesEvenly() {
        RangePartitioning.Boundaries<Long> boundaries = new RangePartitioning.Boundaries<>(BasicTypeInfo.LONG_TYPE_INFO, KeySpec.of(0), CONFIG, 4);
        List<Long> shuffled = new ArrayList<>(sequence(1, 100));
        java.util.Collections.shuffle(shuffled, new java.util.Random(7));
        List<Long> out = new ArrayList<>();
        boundaries.reduce(shuffled, into(out));
        assertThat(out).containsExactly(25L, 50L, 75L);

        List<Long> fewSamples = new ArrayList<>();
        boundaries.reduce(List.of(5L, 3L), into(fewSamples));
        assertThat(fewSamples).containsExactly(3L).hasSizeLessThan(4);

        List<Long> none = new ArrayList<>();
        boundaries.reduce(List.of(), into(none));
        assertThat(none).isEmpty();
    }

    @Test
    void theAssignerPutsEachKeyIntoTheRangeOfTheFirstBoundaryNotBelowIt() {
        RangePartitioning.Assigner<Long> assigner = new RangePartitioning.Assigner<>(BasicTypeInfo.LONG_TYPE_INFO, KeySpec.of(0), CONFIG);
        assigner.setRuntimeContext(context(List.of(25L, 50L, 75L)));
        assigner.open();
        assertThat(assigner.map(1L)).isEqualTo(Tuple2.of(0, 1L));
        assertThat(assigner.map(25L).f0).isZero();
        assertThat(assigner.map(26L).f0).isEqualTo(1);
        assertThat(assigner.map(75L).f0).isEqualTo(2);
        assertThat(assigner.map(76L).f0).isEqualTo(3);
        assertThat(assigner.map(Long.MAX_VALUE).f0).isEqualTo(3);
    }

    @Test
    void descendingKeysReverseTheRanges() {
        KeySpec descending = KeySpec.of(new int[] {0}, new boolean[] {false});
        RangePartitioning.Boundaries<Long> boundaries = new RangePartitioning.Boundaries<>(BasicTypeInfo.LONG_TYPE_INFO, descending, CONFIG, 2);
        List<Long> out = new ArrayList<>();
        boundaries.reduce(sequence(1, 10), into(out));
        assertThat(out).containsExactly(6L);
        RangePartitioning.Assigner<Long> assigner = new RangePartitioning.Assigner<>(BasicTypeInfo.LONG_TYPE_INFO, descending, CONFIG);
        assigner.setRuntimeContext(context(out));
        assigner.open();
        assertThat(assigner.map(10L).f0).isZero();
        assertThat(assigner.map(1L).f0).isEqualTo(1);
    }
}
