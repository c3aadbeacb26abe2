package io.eddy.runtime.operators.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
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
import org.junit.jupiter.api.Test;

class GroupReduceOperatorTest extends BatchDriverTestBase {

    static final TypeInfo<Tuple3<Integer, Long, Long>> SUMMARY = Types.TUPLE(Types.INT, Types.LONG, Types.LONG);

    /** Per group: (key, count, sum of the strings' hash codes); the key of a non-grouped reduce is -1. */
    static final class Summarize implements GroupReduceFunction<Tuple2<Integer, String>, Tuple3<Integer, Long, Long>> {
        private final boolean grouped;

        Summarize(boolean grouped) {
            this.grouped = grouped;
        }

        @Override
        public void reduce(Iterable<Tuple2<Integer, String>> values, Collector<Tuple3<Integer, Long, Long>> out) {
            int key = -1;
            long count = 0;
            long sum = 0;
            for (Tuple2<Integer, String> v : values) {
                if (grouped && count > 0 && v.f0 != key) {
                    throw new IllegalStateException("group of key " + key + " holds key " + v.f0);
                }
                key = grouped ? v.f0 : -1;
                count++;
                sum += v.f1.hashCode();
            }
            out.collect(Tuple3.of(key, count, sum));
        }
    }

    /** 64 pages of 32 KiB: 2 MiB of managed memory. */
    @Override
    long memoryBytes() {
        return 64L * 32 * 1024;
    }

    @Override
    int pageSize() {
        return 32 * 1024;
    }

    private OperatorDescriptor.Builder groupReduce(GroupReduceFunction<Tuple2<Integer, String>, ?> function, TypeInfo<?> out) {
        return groupReduce(function, out, null, null, LocalStrategy.SORT);
    }

    private OperatorDescriptor.Builder groupReduce(GroupReduceFunction<Tuple2<Integer, String>, ?> function, TypeInfo<?> out, KeySpec keys,
            KeySpec groupOrder, LocalStrategy strategy) {
        return descriptor(new BatchKinds.GroupReduce(keys, groupOrder, strategy), function, INT_STRING, out);
    }

    @Test
    void sortedGroupReduceOverTenTimesMoreDataThanMemory() throws Exception {
        OperatorDescriptor d = groupReduce(new Summarize(true), SUMMARY, KeySpec.of(0), null, LocalStrategy.SORT).build();
        Map<Integer, long[]> expected = new HashMap<>();
        Random rnd = new Random(42);
        long bytes = 0;
        try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
            while (bytes < 20L << 20) {
                Tuple2<Integer, String> r = randomRecord(rnd, 20_000);
                bytes += 5 + r.f1.length();
                long[] e = expected.computeIfAbsent(r.f0, k -> new long[2]);
                e[0]++;
                e[1] += r.f1.hashCode();
                h.process(r);
            }
            assertThat(spillFiles()).as("sorted runs on disk").isGreaterThan(5);
            h.finish();
            List<Tuple3<Integer, Long, Long>> out = h.output();
            assertThat(out).hasSize(expected.size());
            for (Tuple3<Integer, Long, Long> t : out) {
                assertThat(new long[] {t.f1, t.f2}).as("key %d", t.f0).containsExactly(expected.get(t.f0));
            }
            assertThat(out).isSortedAccordingTo(Comparator.comparing((Tuple3<Integer, Long, Long> t) -> t.f0));
        }
    }

    @Test
    void groupOrderSortsEachGroupDescending() {
        GroupReduceFunction<Tuple2<Integer, String>, String> concat = (values, out) -> {
            StringBuilder sb = new StringBuilder();
            for (Tuple2<Integer, String> v : values) {
                sb.append(sb.length() == 0 ? v.f0 + "=" : ",").append(v.f1);
            }
            out.collect(sb.toString());
        };
        OperatorDescriptor d = groupReduce(concat, Types.STRING, KeySpec.of(0), KeySpec.of(new int[] {1}, new boolean[] {false}),
                LocalStrategy.SORT).build();
        try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
            h.process(Tuple2.of(2, "b")).process(Tuple2.of(1, "a")).process(Tuple2.of(2, "z")).process(Tuple2.of(1, "c"))
                    .process(Tuple2.of(2, "m")).process(Tuple2.of(1, "b"));
            h.finish();
            assertThat(h.<String>output()).containsExactly("1=c,b,a", "2=z,m,b");
        }
    }

    @Test
    void presortedInputGroupsConsecutiveRecordsAndSpillsALargeGroup() throws Exception {
        OperatorDescriptor d = groupReduce(new Summarize(true), SUMMARY, KeySpec.of(0), null, LocalStrategy.NONE).build();
        Random rnd = new Random(5);
        List<Tuple3<Integer, Long, Long>> expected = new ArrayList<>();
        try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
            for (int key = 0; key < 20; key++) {
                // Key 7 alone is ~4 MiB, twice the managed memory.
                int size = key == 7 ? 100_000 : rnd.nextInt(200);
                long sum = 0;
                for (int i = 0; i < size; i++) {
                    Tuple2<Integer, String> r = randomRecord(rnd, 1);
                    r.f0 = key;
                    sum += r.f1.hashCode();
                    h.process(r);
                }
                if (size > 0) {
                    expected.add(Tuple3.of(key, (long) size, sum));
                }
                if (key == 7) {
                    assertThat(spillFiles()).as("the large group spilled").isEqualTo(1);
                }
            }
            assertThat(spillFiles()).as("a finished group's spill file is deleted").isZero();
            h.finish();
            assertThat(h.<Tuple3<Integer, Long, Long>>output()).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void withoutKeysTheWholeInputIsOneGroup() {
        OperatorDescriptor d = groupReduce(new Summarize(false), SUMMARY).build();
        try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
            h.process(Tuple2.of(1, "a")).process(Tuple2.of(2, "b")).process(Tuple2.of(1, "c"));
            h.finish();
            assertThat(h.<Tuple3<Integer, Long, Long>>output())
                    .containsExactly(Tuple3.of(-1, 3L, (long) ("a".hashCode() + "b".hashCode() + "c".hashCode())));
        }
    }

    @Test
    void withoutKeysButWithAGroupOrderTheInputIsSorted() {
        GroupReduceFunction<Tuple2<Integer, String>, String> concat = (values, out) -> {
            StringBuilder sb = new StringBuilder();
            values.forEach(v -> sb.append(v.f1));
            out.collect(sb.toString());
        };
        OperatorDescriptor d = groupReduce(concat, Types.STRING, null, KeySpec.of(1), LocalStrategy.SORT).build();
        try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
            h.process(Tuple2.of(1, "c")).process(Tuple2.of(2, "a")).process(Tuple2.of(1, "b"));
            h.finish();
            assertThat(h.<String>output()).containsExactly("abc");
        }
    }

    @Test
    void emptyInputCallsNothing() {
        for (OperatorDescriptor d : List.of(groupReduce(new Summarize(false), SUMMARY).build(),
                groupReduce(new Summarize(true), SUMMARY, KeySpec.of(0), null, LocalStrategy.SORT).build(),
                groupReduce(new Summarize(true), SUMMARY, KeySpec.of(0), null, LocalStrategy.NONE).build())) {
            try (OperatorTestHarness h = harness(d, "GroupReduce").open()) {
                h.finish();
                assertThat(h.<Object>output()).isEmpty();
            }
        }
    }

    @Test
    void failureWhileReadingSpilledGroupsLeavesNoPagesAndNoFiles() throws Exception {
        GroupReduceFunction<Tuple2<Integer, String>, String> failing = (values, out) -> {
            for (Tuple2<Integer, String> v : values) {
                if (v.f0 == 500) {
                    throw new IllegalArgumentException("user failure at key 500");
                }
            }
        };
        OperatorDescriptor d = groupReduce(failing, Types.STRING, KeySpec.of(0), null, LocalStrategy.SORT).build();
        OperatorTestHarness h = harness(d, "GroupReduce").open();
        Random rnd = new Random(9);
        for (int i = 0; i < 100_000; i++) {
            h.process(randomRecord(rnd, 1000));
        }
        assertThat(spillFiles()).isPositive();
        Throwable failure = catchThrowable(h::finish);
        assertThat(failure).hasRootCauseMessage("user failure at key 500");
        h.closeAfterFailure(failure);
    }
}
