package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.tuple.Tuple2;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** What every {@link CombiningTable} does, run against each implementation by a subclass. */
abstract class CombiningTableContractTest {

    /** Modifies and returns its first argument, as word counts are usually written. */
    static final ReduceFunction<Tuple2<String, Long>> SUM_INTO_FIRST = (a, b) -> {
        a.f1 += b.f1;
        return a;
    };

    /** A table of {@code (word, count)} keyed by the word. */
    abstract CombiningTable<Tuple2<String, Long>> counts(ReduceFunction<Tuple2<String, Long>> reducer, long budget,
            Collector<Tuple2<String, Long>> out);

    /** The bytes {@code table} counts against its budget now. */
    abstract long heldBytes(CombiningTable<Tuple2<String, Long>> table);

    /** Words with a skewed (roughly Zipfian) distribution over a vocabulary. */
    static List<String> words(long seed, int count, int vocabulary) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            words.add("word-" + (int) Math.floor(Math.pow(vocabulary, random.nextDouble())));
        }
        return words;
    }

    static Map<String, Long> reference(List<String> words) {
        Map<String, Long> counts = new HashMap<>();
        for (String w : words) {
            counts.merge(w, 1L, Long::sum);
        }
        return counts;
    }

    static final class Partials<T> implements Collector<T> {
        final List<T> records = new ArrayList<>();

        @Override
        public void collect(T record) {
            records.add(record);
        }

        @Override
        public void close() {}
    }

    static Map<String, Long> sums(List<Tuple2<String, Long>> partials) {
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
        CombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, 64 << 20, out);
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
    void emitsEverythingWhenTheBudgetIsUsedUpStaysWithinItAndThePartialsAddUp() throws Exception {
        List<String> words = words(2, 300_000, 50_000);
        Partials<Tuple2<String, Long>> out = new Partials<>();
        long budget = 256 << 10;
        CombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, budget, out);
        long maxHeld = 0;
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1L));
            maxHeld = Math.max(maxHeld, heldBytes(table));
        }
        table.flush();
        assertThat(table.flushCount()).as("flushed when full").isGreaterThan(2);
        assertThat(maxHeld).isLessThanOrEqualTo(budget);
        assertThat(out.records.size()).as("combined").isLessThan(words.size()).isGreaterThan(reference(words).size());
        assertThat(sums(out.records)).isEqualTo(reference(words));
        // Used again after its flushes: the same table counts a second input from scratch.
        out.records.clear();
        List<String> more = words(3, 50_000, 1_000);
        for (String w : more) {
            table.updateOrInsert(Tuple2.of(w, 1L));
        }
        table.flush();
        assertThat(sums(out.records)).isEqualTo(reference(more));
    }

    @Test
    void keepsNoRecordItWasGiven() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        // Returns its second argument, which the table must not keep.
        CombiningTable<Tuple2<String, Long>> table = counts((a, b) -> {
            b.f1 += a.f1;
            return b;
        }, 1 << 20, out);
        List<Tuple2<String, Long>> given = new ArrayList<>();
        for (int i = 0; i < 3 * CombiningTable.BATCH; i++) {
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
        assertThat(sums(out.records)).isEqualTo(Map.of("a", (long) CombiningTable.BATCH, "b", 2L * CombiningTable.BATCH));
    }

    @Test
    void combinesInBatchesAndFlushCombinesTheRest() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        CombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, 1 << 20, out);
        for (int i = 0; i < CombiningTable.BATCH - 1; i++) {
            table.updateOrInsert(Tuple2.of("k" + i, 1L));
        }
        assertThat(table.size()).as("a batch not yet full").isZero();
        table.updateOrInsert(Tuple2.of("k0", 1L));
        assertThat(table.size()).isEqualTo(CombiningTable.BATCH - 1);
        table.updateOrInsert(Tuple2.of("late", 5L));
        table.flush();
        assertThat(sums(out.records)).containsEntry("k0", 2L).containsEntry("late", 5L).hasSize(CombiningTable.BATCH);
    }

    @Test
    void aFailingReduceFunctionPropagatesWithItsBatchAndKeepsTheStoredValue() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        CombiningTable<Tuple2<String, Long>> table = counts((a, b) -> {
            throw new IllegalStateException("reduce failed on " + b.f0);
        }, 1 << 20, out);
        table.updateOrInsert(Tuple2.of("x", 1L));
        table.updateOrInsert(Tuple2.of("x", 2L));
        assertThatThrownBy(table::flush).hasMessage("reduce failed on x");
        table.flush();
        assertThat(out.records).containsExactly(Tuple2.of("x", 1L));
    }
}
