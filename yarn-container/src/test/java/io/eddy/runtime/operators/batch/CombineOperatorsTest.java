package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FinishingFunction;
import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.runtime.operators.OperatorTestHarness;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code reduceCombine} and {@code groupCombine}: partial results whose totals match a reference. */
class CombineOperatorsTest extends BatchDriverTestBase {

    private static final ReduceFunction<Tuple2<Integer, Long>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);

    /** Emits (key of the first record, number of records); fails if a group mixes keys. */
    static final GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>> COUNT_GROUP = (values, out) -> {
        Integer key = null;
        long n = 0;
        for (Tuple2<Integer, Long> v : values) {
            if (key != null && !key.equals(v.f0)) {
                throw new IllegalStateException("a group mixes keys " + key + " and " + v.f0);
            }
            key = v.f0;
            n++;
        }
        out.collect(Tuple2.of(key, n));
    };

    private static List<Tuple2<Integer, Long>> randomInput(int n, int keys) {
        Random rnd = new Random(31);
        List<Tuple2<Integer, Long>> input = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            input.add(Tuple2.of(rnd.nextInt(keys), 1L + rnd.nextInt(100)));
        }
        return input;
    }

    private static Map<Integer, Long> totals(List<Tuple2<Integer, Long>> records, boolean count) {
        Map<Integer, Long> totals = new HashMap<>();
        for (Tuple2<Integer, Long> t : records) {
            totals.merge(t.f0, count ? 1L : t.f1, Long::sum);
        }
        return totals;
    }

    private static Map<Integer, Long> sumOfPartials(List<Tuple2<Integer, Long>> partials) {
        return totals(partials, false);
    }

    private OperatorTestHarness harness(OperatorKind kind, Object function) {
        OperatorDescriptor.Builder d = descriptor(kind, (io.eddy.api.common.functions.Function) function,
                ReduceOperatorTest.INT_LONG, ReduceOperatorTest.INT_LONG);
        return harness(d.build(), kind.name()).open();
    }

    /** A reduce combiner, hashing unless {@code strategy} says otherwise. */
    private static BatchKinds.ReduceCombine reduceCombine(KeySpec keys, LocalStrategy strategy) {
        return new BatchKinds.ReduceCombine(keys, strategy == null ? LocalStrategy.HASH : strategy);
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"SORT", "HASH"})
    void reduceCombineEmitsPartialsWhenMemoryIsFull(LocalStrategy strategy) throws Exception {
        List<Tuple2<Integer, Long>> input = randomInput(150_000, 30_000);
        try (OperatorTestHarness h = harness(reduceCombine(KeySpec.of(0), strategy), SUM)) {
            h.processAll(input);
            assertThat(h.<Object>output()).as("emitted while memory filled up").isNotEmpty();
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(out.size()).as("combined").isLessThan(input.size()).isGreaterThan(30_000);
            assertThat(sumOfPartials(out)).isEqualTo(totals(input, false));
            assertThat(spillFiles()).isZero();
        }
    }

    @Test
    void reduceCombineHashCombinesKeysWithoutASingleSerializedFormToo() throws Exception {
        // A double key (0.0 and -0.0 are two forms of one value) is kept in the table of objects, not the binary one.
        ReduceFunction<Tuple2<Double, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        OperatorDescriptor.Builder d = descriptor(reduceCombine(KeySpec.of(0), LocalStrategy.HASH), sum, Types.TUPLE(Types.DOUBLE, Types.LONG),
                Types.TUPLE(Types.DOUBLE, Types.LONG));
        List<Tuple2<Double, Long>> input = new ArrayList<>();
        Map<Double, Long> expected = new HashMap<>();
        for (Tuple2<Integer, Long> t : randomInput(20_000, 500)) {
            input.add(Tuple2.of(t.f0 / 4.0, t.f1));
            expected.merge(t.f0 / 4.0, t.f1, Long::sum);
        }
        try (OperatorTestHarness h = harness(d.build(), "reduceCombine").open()) {
            h.processAll(input).finish();
            Map<Double, Long> actual = new HashMap<>();
            for (Tuple2<Double, Long> t : h.<Tuple2<Double, Long>>output()) {
                assertThat(actual.put(t.f0, t.f1)).as("one value per key").isNull();
            }
            assertThat(actual).isEqualTo(expected);
        }
    }

    @Test
    void reduceCombineWithoutKeysEmitsOneRecord() {
        List<Tuple2<Integer, Long>> input = randomInput(1_000, 5);
        long total = input.stream().mapToLong(t -> t.f1).sum();
        try (OperatorTestHarness h = harness(reduceCombine(null, null), SUM)) {
            h.processAll(input).finish();
            assertThat(h.<Tuple2<Integer, Long>>output()).extracting(t -> t.f1).containsExactly(total);
        }
    }

    /**
     * Counts records per group as a combinable reduceGroup does, and emits (-1, groups) when it is
     * finished: in its own operator, not in its combine step.
     */
    static final class CountingWithEnd implements GroupReduceFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>>,
            GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>>, FinishingFunction<Tuple2<Integer, Long>> {
        private long groups;

        @Override
        public void reduce(Iterable<Tuple2<Integer, Long>> values, Collector<Tuple2<Integer, Long>> out) throws Exception {
            groups++;
            COUNT_GROUP.combine(values, out);
        }

        @Override
        public void combine(Iterable<Tuple2<Integer, Long>> values, Collector<Tuple2<Integer, Long>> out) throws Exception {
            reduce(values, out);
        }

        @Override
        public void finish(Collector<Tuple2<Integer, Long>> out) {
            out.collect(Tuple2.of(-1, groups));
        }
    }

    @Test
    void theCombineStepOfACombinableReduceGroupLeavesFinishToItsOperator() {
        List<Tuple2<Integer, Long>> input = randomInput(20_000, 100);
        try (OperatorTestHarness h = harness(new BatchKinds.GroupCombine(KeySpec.of(0), null), new CountingWithEnd())) {
            h.processAll(input);
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(out).noneMatch(t -> t.f0 == -1);
            assertThat(sumOfPartials(out)).isEqualTo(totals(input, true));
        }
        try (OperatorTestHarness h = harness(new BatchKinds.GroupReduce(KeySpec.of(0), null, LocalStrategy.SORT), new CountingWithEnd())) {
            h.processAll(input);
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(out).hasSize(101);
            assertThat(out.get(100)).as("finish() after the last group").isEqualTo(Tuple2.of(-1, 100L));
        }
    }

    /** An explicit combineGroup whose function finishes: it emits its group count at the end. */
    static final class CombineWithEnd implements GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>>,
            FinishingFunction<Tuple2<Integer, Long>> {
        private long calls;

        @Override
        public void combine(Iterable<Tuple2<Integer, Long>> values, Collector<Tuple2<Integer, Long>> out) throws Exception {
            calls++;
            COUNT_GROUP.combine(values, out);
        }

        @Override
        public void finish(Collector<Tuple2<Integer, Long>> out) {
            out.collect(Tuple2.of(-1, calls));
        }
    }

    @Test
    void anExplicitCombineGroupCallsFinishAfterItsLastCombine() {
        List<Tuple2<Integer, Long>> input = randomInput(20_000, 100);
        try (OperatorTestHarness h = harness(new BatchKinds.GroupCombine(KeySpec.of(0), null), new CombineWithEnd())) {
            h.processAll(input);
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(out.get(out.size() - 1)).isEqualTo(Tuple2.of(-1, (long) out.size() - 1));
            assertThat(out.subList(0, out.size() - 1)).noneMatch(t -> t.f0 == -1);
        }
    }

    /** A reduce whose function finishes: its combiner (the optimizer's ReduceCombine) does not call finish. */
    static final class SumWithEnd implements ReduceFunction<Tuple2<Integer, Long>>,
            FinishingFunction<Tuple2<Integer, Long>> {
        @Override
        public Tuple2<Integer, Long> reduce(Tuple2<Integer, Long> a, Tuple2<Integer, Long> b) {
            return Tuple2.of(a.f0, a.f1 + b.f1);
        }

        @Override
        public void finish(Collector<Tuple2<Integer, Long>> out) {
            out.collect(Tuple2.of(-1, 0L));
        }
    }

    @Test
    void aReduceCombinerLeavesFinishToTheReduce() {
        List<Tuple2<Integer, Long>> input = randomInput(20_000, 100);
        try (OperatorTestHarness h = harness(reduceCombine(KeySpec.of(0), LocalStrategy.HASH), new SumWithEnd())) {
            h.processAll(input);
            h.finish();
            assertThat(h.<Tuple2<Integer, Long>>output()).noneMatch(t -> t.f0 == -1);
        }
    }

    @Test
    void groupCombineCombinesEachSortedBufferGroupByGroup() {
        List<Tuple2<Integer, Long>> input = randomInput(150_000, 20_000);
        try (OperatorTestHarness h = harness(new BatchKinds.GroupCombine(KeySpec.of(0), null), COUNT_GROUP)) {
            h.processAll(input);
            int beforeFinish = h.<Object>output().size();
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(beforeFinish).as("combined when the buffer was full").isPositive();
            assertThat(out.size()).isLessThan(input.size()).isGreaterThan(20_000);
            assertThat(sumOfPartials(out)).isEqualTo(totals(input, true));
        }
    }

    @Test
    void groupCombineHonoursTheGroupOrder() {
        GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>> first = (values, out) -> out.collect(values.iterator().next());
        OperatorDescriptor d = descriptor(new BatchKinds.GroupCombine(KeySpec.of(0), KeySpec.of(new int[] {1}, new boolean[] {false})), first,
                ReduceOperatorTest.INT_LONG, ReduceOperatorTest.INT_LONG)
                .build();
        try (OperatorTestHarness h = harness(d, "GroupCombine").open()) {
            h.process(Tuple2.of(1, 5L)).process(Tuple2.of(2, 1L)).process(Tuple2.of(1, 9L)).process(Tuple2.of(2, 3L)).process(Tuple2.of(1, 2L));
            h.finish();
            assertThat(h.<Tuple2<Integer, Long>>output()).containsExactly(Tuple2.of(1, 9L), Tuple2.of(2, 3L));
        }
    }

    @Test
    void groupCombineWithoutKeysCombinesEachBufferFill() {
        GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>> count = (values, out) -> {
            long n = 0;
            for (Tuple2<Integer, Long> ignored : values) {
                n++;
            }
            out.collect(Tuple2.of(0, n));
        };
        List<Tuple2<Integer, Long>> input = randomInput(100_000, 10);
        try (OperatorTestHarness h = harness(new BatchKinds.GroupCombine(null, null), count)) {
            h.processAll(input).finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(out.size()).as("one call per buffer fill").isGreaterThan(1);
            assertThat(out.stream().mapToLong(t -> t.f1).sum()).isEqualTo(input.size());
        }
    }

    @Test
    void groupCombineWithoutKeysButAnOrderSortsEachBufferFill() {
        // Each call checks that its records arrive in the order (key descending) and sums them per key.
        GroupCombineFunction<Tuple2<Integer, Long>, Tuple2<Integer, Long>> sortedSums = (values, out) -> {
            Tuple2<Integer, Long> current = null;
            for (Tuple2<Integer, Long> v : values) {
                if (current != null && v.f0 > current.f0) {
                    throw new IllegalStateException("key " + v.f0 + " after " + current.f0 + " (expected: descending)");
                }
                if (current != null && v.f0.equals(current.f0)) {
                    current.f1 += v.f1;
                } else {
                    if (current != null) {
                        out.collect(current);
                    }
                    current = Tuple2.of(v.f0, v.f1);
                }
            }
            out.collect(current);
        };
        List<Tuple2<Integer, Long>> input = randomInput(150_000, 2_000);
        try (OperatorTestHarness h = harness(new BatchKinds.GroupCombine(null, KeySpec.of(new int[] {0}, new boolean[] {false})), sortedSums)) {
            h.processAll(input);
            int beforeFinish = h.<Object>output().size();
            h.finish();
            List<Tuple2<Integer, Long>> out = h.output();
            assertThat(beforeFinish).as("combined when the buffer was full").isPositive();
            assertThat(out.size()).as("each fill combined").isLessThan(input.size() / 3);
            assertThat(sumOfPartials(out)).isEqualTo(totals(input, false));
        }
    }

    @Test
    void emptyInputEmitsNothing() {
        List<Supplier<OperatorTestHarness>> harnesses = List.of(
                () -> harness(new BatchKinds.GroupCombine(KeySpec.of(0), null), COUNT_GROUP),
                () -> harness(new BatchKinds.GroupCombine(null, null), COUNT_GROUP),
                () -> harness(reduceCombine(KeySpec.of(0), LocalStrategy.HASH), SUM),
                () -> harness(reduceCombine(KeySpec.of(0), LocalStrategy.SORT), SUM));
        for (Supplier<OperatorTestHarness> harness : harnesses) {
            try (OperatorTestHarness h = harness.get()) {
                h.finish();
                assertThat(h.<Object>output()).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"SORT", "HASH"})
    void failureOfTheCombinerLeavesNoPages(LocalStrategy strategy) {
        ReduceFunction<Tuple2<Integer, Long>> failing = (a, b) -> {
            throw new IllegalStateException("user failure in combine");
        };
        OperatorTestHarness h = harness(reduceCombine(KeySpec.of(0), strategy), failing);
        Throwable failure = catchThrowable(() -> h.processAll(randomInput(100_000, 10)).finish());
        assertThat(failure).hasRootCauseMessage("user failure in combine");
        h.closeAfterFailure(failure);
    }
}
