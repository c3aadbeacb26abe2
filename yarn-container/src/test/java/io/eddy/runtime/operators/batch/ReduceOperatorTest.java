package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class ReduceOperatorTest extends BatchDriverTestBase {

    static final TypeInfo<Tuple2<Integer, Long>> INT_LONG = Types.TUPLE(Types.INT, Types.LONG);

    /** Sums in place into its first argument, as Flink users often write it. */
    static final ReduceFunction<Tuple2<Integer, Long>> SUM_IN_PLACE = (a, b) -> {
        a.f1 += b.f1;
        return a;
    };

    /** Returns one of its arguments (the second one on ties). */
    static final ReduceFunction<Tuple2<Integer, Long>> MAX = (a, b) -> a.f1 > b.f1 ? a : b;

    private OperatorTestHarness reduce(ReduceFunction<Tuple2<Integer, Long>> function, KeySpec keys, LocalStrategy strategy) {
        BatchKinds.Reduce kind = new BatchKinds.Reduce(keys, strategy == null ? LocalStrategy.SORT : strategy);
        return harness(descriptor(kind, function, INT_LONG, INT_LONG).build(), "Reduce").open();
    }

    private static List<Tuple2<Integer, Long>> randomInput(int n, int keys, long seed) {
        Random rnd = new Random(seed);
        List<Tuple2<Integer, Long>> input = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            input.add(Tuple2.of(rnd.nextInt(keys), (long) rnd.nextInt(1_000_000)));
        }
        return input;
    }

    private static Map<Integer, Long> reference(List<Tuple2<Integer, Long>> input, boolean max) {
        Map<Integer, Long> expected = new HashMap<>();
        for (Tuple2<Integer, Long> t : input) {
            expected.merge(t.f0, t.f1, max ? Math::max : Long::sum);
        }
        return expected;
    }

    private static Map<Integer, Long> asMap(List<Tuple2<Integer, Long>> output) {
        Map<Integer, Long> map = new HashMap<>();
        for (Tuple2<Integer, Long> t : output) {
            assertThat(map.put(t.f0, t.f1)).as("key %d emitted once", t.f0).isNull();
        }
        return map;
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"SORT", "HASH"})
    void reducesInputLargerThanMemoryToOneRecordPerKey(LocalStrategy strategy) throws Exception {
        // ~1.2 MB of records with 60k distinct keys through 256 KiB of managed memory.
        List<Tuple2<Integer, Long>> input = randomInput(100_000, 60_000, 11);
        Map<Integer, Long> expected = reference(input, false);
        try (OperatorTestHarness h = reduce(SUM_IN_PLACE, KeySpec.of(0), strategy)) {
            h.processAll(input);
            assertThat(spillFiles()).as("spilled").isPositive();
            h.finish();
            assertThat(asMap(h.output())).isEqualTo(expected);
            if (strategy == LocalStrategy.SORT) {
                assertThat(h.<Tuple2<Integer, Long>>output()).isSortedAccordingTo(Comparator.comparing(t -> t.f0));
            }
        }
    }

    @Test
    void presortedInputKeepsItsRecordsUntouched() {
        List<Tuple2<Integer, Long>> input = randomInput(20_000, 300, 12);
        input.sort(Comparator.comparing(t -> t.f0));
        List<Tuple2<Integer, Long>> snapshot = new ArrayList<>();
        input.forEach(t -> snapshot.add(t.copy()));
        for (ReduceFunction<Tuple2<Integer, Long>> function : List.of(SUM_IN_PLACE, MAX)) {
            try (OperatorTestHarness h = reduce(function, KeySpec.of(0), LocalStrategy.NONE)) {
                h.processAll(input);
                h.finish();
                List<Tuple2<Integer, Long>> out = h.output();
                assertThat(asMap(out)).isEqualTo(reference(snapshot, function == MAX));
                assertThat(out).isSortedAccordingTo(Comparator.comparing(t -> t.f0));
            }
            assertThat(input).as("the received records were not modified").isEqualTo(snapshot);
        }
    }

    @Test
    void withoutKeysEverythingReducesToOneRecord() {
        List<Tuple2<Integer, Long>> input = randomInput(5_000, 10, 13);
        long total = input.stream().mapToLong(t -> t.f1).sum();
        try (OperatorTestHarness h = reduce(SUM_IN_PLACE, null, null)) {
            h.processAll(input);
            h.finish();
            assertThat(h.<Tuple2<Integer, Long>>output()).extracting(t -> t.f1).containsExactly(total);
        }
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"SORT", "HASH", "NONE"})
    void emptyInputEmitsNothing(LocalStrategy strategy) {
        try (OperatorTestHarness h = reduce(SUM_IN_PLACE, KeySpec.of(0), strategy)) {
            h.finish();
            assertThat(h.<Object>output()).isEmpty();
        }
        try (OperatorTestHarness h = reduce(SUM_IN_PLACE, null, null)) {
            h.finish();
            assertThat(h.<Object>output()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"SORT", "HASH"})
    void failureOfTheFunctionLeavesNoPagesAndNoFiles(LocalStrategy strategy) throws Exception {
        ReduceFunction<Tuple2<Integer, Long>> failing = (a, b) -> {
            if (a.f0 == 4242) {
                throw new IllegalStateException("user failure at key 4242");
            }
            return Tuple2.of(a.f0, a.f1 + b.f1);
        };
        OperatorTestHarness h = reduce(failing, KeySpec.of(0), strategy);
        Throwable failure = catchThrowable(() -> {
            h.processAll(randomInput(200_000, 5_000, 14));
            h.finish();
        });
        assertThat(failure).hasRootCauseMessage("user failure at key 4242");
        h.closeAfterFailure(failure);
    }
}
