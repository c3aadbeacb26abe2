package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HashAggregationTableTest {

    private static final int PAGE_SIZE = 4096;

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, Integer>> COUNT_TYPE =
            (CompositeType<Tuple2<String, Integer>>) (Object) Types.TUPLE(Types.STRING, Types.INT);
    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, String>> TEXT_TYPE =
            (CompositeType<Tuple2<String, String>>) (Object) Types.TUPLE(Types.STRING, Types.STRING);

    private static List<MemorySegment> pages(int n) {
        List<MemorySegment> pages = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pages.add(MemorySegment.allocateHeap(PAGE_SIZE, null));
        }
        return pages;
    }

    /** Words with a skewed (roughly Zipfian) distribution over a vocabulary. */
    private static List<String> words(long seed, int count, int vocabulary) {
        Random random = new Random(seed);
        List<String> words = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int rank = (int) Math.floor(Math.pow(vocabulary, random.nextDouble()));
            words.add("word-" + rank);
        }
        return words;
    }

    private static final class MapCollector implements Collector<Tuple2<String, Integer>> {
        final Map<String, Integer> sums = new HashMap<>();
        int emitted;

        @Override
        public void collect(Tuple2<String, Integer> record) {
            emitted++;
            sums.merge(record.f0, record.f1, Integer::sum);
        }

        @Override
        public void close() {}
    }

    private static HashAggregationTable<Tuple2<String, Integer>> wordCounter(int numPages, MapCollector out) {
        return new HashAggregationTable<>(COUNT_TYPE.createSerializer(new SerializerConfig()),
                COUNT_TYPE.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig()),
                (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1), pages(numPages), out);
    }

    private static Map<String, Integer> reference(List<String> words) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : words) {
            counts.merge(w, 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void countsWordsInMemoryWithOneValuePerKey() throws Exception {
        List<String> words = words(1, 100_000, 3000);
        MapCollector out = new MapCollector();
        HashAggregationTable<Tuple2<String, Integer>> table = wordCounter(256, out);
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1));
        }
        table.flush();
        table.close();
        Map<String, Integer> expected = reference(words);
        assertThat(out.sums).isEqualTo(expected);
        assertThat(out.emitted).as("one value per distinct word").isEqualTo(expected.size());
        assertThat(table.flushCount()).isEqualTo(1);
    }

    @Test
    void theIndexGrowsWithTheKeysSoSmallValuesFillTheMemoryBeforeAFlush() throws Exception {
        // 3,000 keys of about 30 bytes each plus 24 bytes of index fit into 64 pages of 4 KiB; an index
        // fixed at a quarter of the pages (4,096 slots, half of them usable) would flush after 2,048.
        MapCollector out = new MapCollector();
        HashAggregationTable<Tuple2<String, Integer>> table = wordCounter(64, out);
        List<String> words = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int k = 0; k < 3000; k++) {
                words.add("key-" + k);
            }
        }
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1));
        }
        assertThat(table.flushCount()).as("nothing emitted before the explicit flush").isZero();
        table.flush();
        assertThat(out.emitted).isEqualTo(3000);
        // After a flush the index starts small again and grows again.
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1));
        }
        table.flush();
        table.close();
        assertThat(table.flushCount()).isEqualTo(2);
        assertThat(out.emitted).isEqualTo(6000);
        assertThat(out.sums).hasSize(3000).allSatisfy((key, count) -> assertThat(count).isEqualTo(4));
    }

    @Test
    void emitsPartialCountsWhenMemoryFillsUpSeveralTimes() throws Exception {
        List<String> words = words(2, 100_000, 20_000);
        MapCollector out = new MapCollector();
        HashAggregationTable<Tuple2<String, Integer>> table = wordCounter(8, out);
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, 1));
        }
        table.flush();
        table.close();
        assertThat(table.flushCount()).as("memory filled up several times").isGreaterThan(3);
        assertThat(out.sums).isEqualTo(reference(words));
        assertThat(out.emitted).isLessThan(words.size());
    }

    @Test
    void rewritesValuesWhoseSerializedSizeChanges() throws Exception {
        List<String> words = words(3, 30_000, 500);
        Map<String, Integer> lengths = new HashMap<>();
        Collector<Tuple2<String, String>> out = new Collector<>() {
            @Override
            public void collect(Tuple2<String, String> record) {
                lengths.merge(record.f0, record.f1.length(), Integer::sum);
            }

            @Override
            public void close() {}
        };
        HashAggregationTable<Tuple2<String, String>> table = new HashAggregationTable<>(
                TEXT_TYPE.createSerializer(new SerializerConfig()),
                TEXT_TYPE.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig()),
                (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1), pages(16), out);
        for (String w : words) {
            table.updateOrInsert(Tuple2.of(w, "x"));
        }
        table.flush();
        table.close();
        assertThat(lengths).isEqualTo(reference(words));
        assertThat(table.flushCount()).isGreaterThan(1);
    }

    @Test
    void rejectsARecordLargerThanItsMemory() {
        MapCollector out = new MapCollector();
        HashAggregationTable<Tuple2<String, Integer>> table = wordCounter(2, out);
        assertThatThrownBy(() -> table.updateOrInsert(Tuple2.of("y".repeat(3 * PAGE_SIZE), 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit")
                .hasMessageContaining("managed memory");
    }
}
