package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HeapCombiningTableTest {

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, Long>> COUNT_TYPE =
            (CompositeType<Tuple2<String, Long>>) (Object) Types.TUPLE(Types.STRING, Types.LONG);
    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<Integer, String>> TEXT_TYPE =
            (CompositeType<Tuple2<Integer, String>>) (Object) Types.TUPLE(Types.INT, Types.STRING);

    /** Modifies and returns its first argument, as word counts are usually written. */
    private static final ReduceFunction<Tuple2<String, Long>> SUM_INTO_FIRST = (a, b) -> {
        a.f1 += b.f1;
        return a;
    };

    private static <T> HeapCombiningTable<T> table(CompositeType<T> type, ReduceFunction<T> reducer, long budget, Collector<T> out) {
        SerializerConfig config = new SerializerConfig();
        return new HeapCombiningTable<>(type.createSerializer(config), type.createComparator(new int[] {0}, new boolean[] {true}, config),
                reducer, budget, out);
    }

    /** Words with a skewed (roughly Zipfian) distribution over a vocabulary. */
    private static List<String> words(long seed, int count, int vocabulary) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            words.add("word-" + (int) Math.floor(Math.pow(vocabulary, random.nextDouble())));
        }
        return words;
    }

    private static Map<String, Long> reference(List<String> words) {
        Map<String, Long> counts = new HashMap<>();
        for (String w : words) {
            counts.merge(w, 1L, Long::sum);
        }
        return counts;
    }

    private static final class Partials<T> implements Collector<T> {
        final List<T> records = new ArrayList<>();

        @Override
        public void collect(T record) {
            records.add(record);
        }

        @Override
        public void close() {}
    }

    private static Map<String, Long> sums(List<Tuple2<String, Long>> partials) {
        Map<String, Long> sums = new HashMap<>();
        for (Tuple2<String, Long> t : partials) {
            sums.merge(t.f0, t.f1, Long::sum);
        }
        return sums;
    }

    @Test
    void keepsOneValuePerKeyWhileTheBudgetSuffices() throws Exception {
        List<String> words = words(1, 200_000, 5_000);
        Partials<Tuple2<String, Long>> out = new Partials<>();
        HeapCombiningTable<Tuple2<String, Long>> table = table(COUNT_TYPE, SUM_INTO_FIRST, 64 << 20, out);
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1L));
        }
        Map<String, Long> expected = reference(words);
        assertThat(table.size()).isEqualTo(expected.size());
        assertThat(out.records).as("nothing emitted before the flush").isEmpty();
        table.flush();
        assertThat(out.records).hasSize(expected.size());
        assertThat(sums(out.records)).isEqualTo(expected);
        assertThat(table.size()).isZero();
        assertThat(table.flushCount()).isEqualTo(1);
    }

    @Test
    void emitsEverythingWhenTheEstimateReachesTheBudgetAndThePartialsAddUp() throws Exception {
        List<String> words = words(2, 200_000, 20_000);
        Partials<Tuple2<String, Long>> out = new Partials<>();
        long budget = 256 << 10;
        HeapCombiningTable<Tuple2<String, Long>> table = table(COUNT_TYPE, SUM_INTO_FIRST, budget, out);
        long maxEstimate = 0;
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1L));
            maxEstimate = Math.max(maxEstimate, table.estimatedBytes());
        }
        table.flush();
        assertThat(table.flushCount()).as("flushed when full").isGreaterThan(2);
        assertThat(maxEstimate).isLessThanOrEqualTo(budget);
        assertThat(out.records.size()).as("combined").isLessThan(words.size()).isGreaterThan(reference(words).size());
        assertThat(sums(out.records)).isEqualTo(reference(words));
    }

    @Test
    void aValueThatGrowsIsMeasuredAgainAndFlushed() throws Exception {
        // Two keys only, each value a concatenation that keeps growing: without measuring updates
        // the table would hold megabytes against a budget of 64 KiB.
        Partials<Tuple2<Integer, String>> out = new Partials<>();
        long budget = 64 << 10;
        HeapCombiningTable<Tuple2<Integer, String>> table = table(TEXT_TYPE, (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1), budget, out);
        StringBuilder all0 = new StringBuilder();
        for (int i = 0; i < 60_000; i++) {
            String piece = Integer.toString(i % 10);
            table.updateOrInsert(Tuple2.of(i % 2, piece));
            if (i % 2 == 0) {
                all0.append(piece);
            }
            assertThat(table.estimatedBytes()).isLessThanOrEqualTo(budget * 2);
        }
        table.flush();
        assertThat(table.flushCount()).isGreaterThan(2);
        StringBuilder joined0 = new StringBuilder();
        for (Tuple2<Integer, String> t : out.records) {
            if (t.f0 == 0) {
                joined0.append(t.f1);
            }
        }
        assertThat(joined0.toString()).as("partials of key 0, in order").isEqualTo(all0.toString());
    }

    @Test
    void keepsItsOwnCopiesOfTheRecordsItWasGiven() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        // Returns its second argument: the table must keep a copy, not the record it was given.
        HeapCombiningTable<Tuple2<String, Long>> table = table(COUNT_TYPE, (a, b) -> {
            b.f1 += a.f1;
            return b;
        }, 1 << 20, out);
        List<Tuple2<String, Long>> given = new ArrayList<>();
        for (int i = 0; i < 3 * HeapCombiningTable.BATCH; i++) {
            Tuple2<String, Long> record = Tuple2.of(i % 3 == 0 ? "a" : "b", 1L);
            given.add(record);
            table.updateOrInsert(record);
        }
        assertThat(table.size()).as("three full batches combined").isEqualTo(2);
        for (Tuple2<String, Long> record : given) {
            record.f0 = "changed";
            record.f1 = 100L;
        }
        table.flush();
        assertThat(sums(out.records)).isEqualTo(Map.of("a", (long) HeapCombiningTable.BATCH, "b", 2L * HeapCombiningTable.BATCH));
    }

    @Test
    void combinesInBatchesAndFlushCombinesTheRest() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        HeapCombiningTable<Tuple2<String, Long>> table = table(COUNT_TYPE, SUM_INTO_FIRST, 1 << 20, out);
        for (int i = 0; i < HeapCombiningTable.BATCH - 1; i++) {
            table.updateOrInsert(Tuple2.of("k" + i, 1L));
        }
        assertThat(table.size()).as("a batch not yet full").isZero();
        table.updateOrInsert(Tuple2.of("k0", 1L));
        assertThat(table.size()).isEqualTo(HeapCombiningTable.BATCH - 1);
        table.updateOrInsert(Tuple2.of("late", 5L));
        table.flush();
        assertThat(sums(out.records)).containsEntry("k0", 2L).containsEntry("late", 5L).hasSize(HeapCombiningTable.BATCH);
    }

    @Test
    void aFailingReduceFunctionPropagatesWithItsBatchAndKeepsTheStoredValue() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        HeapCombiningTable<Tuple2<String, Long>> table = table(COUNT_TYPE, (a, b) -> {
            throw new IllegalStateException("reduce failed on " + b.f0);
        }, 1 << 20, out);
        table.updateOrInsert(Tuple2.of("x", 1L));
        table.updateOrInsert(Tuple2.of("x", 2L));
        assertThatThrownBy(table::flush).hasMessage("reduce failed on x");
        table.flush();
        assertThat(out.records).containsExactly(Tuple2.of("x", 1L));
    }

    @Test
    void refusesABudgetTooSmallForItsSlots() {
        assertThatThrownBy(() -> table(COUNT_TYPE, SUM_INTO_FIRST, 100, new Partials<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("100 bytes")
                .hasMessageContaining("managed memory");
    }
}
