package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpillingHashAggregationTest {

    private static final int PAGE_SIZE = 4096;

    @SuppressWarnings("unchecked")
    private static final CompositeType<Tuple2<String, Integer>> COUNT_TYPE =
            (CompositeType<Tuple2<String, Integer>>) (Object) Types.TUPLE(Types.STRING, Types.INT);

    @TempDir
    Path tempDir;

    private IOManager ioManager;
    private MemoryManager memoryManager;

    @BeforeEach
    void setUp() {
        ioManager = new IOManager(tempDir.toFile());
        memoryManager = new MemoryManager(1024L * 1024, PAGE_SIZE);
    }

    @AfterEach
    void tearDown() {
        List<File> files = new ArrayList<>();
        for (File dir : ioManager.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        assertThat(files).as("spill files left behind").isEmpty();
        assertThat(memoryManager.verifyEmpty()).isTrue();
        ioManager.close();
        memoryManager.close();
    }

    /** Counts per word, failing if a word's final value is emitted twice. */
    private static final class FinalValues implements Collector<Tuple2<String, Integer>> {
        final Map<String, Integer> values = new HashMap<>();

        @Override
        public void collect(Tuple2<String, Integer> record) {
            Integer previous = values.put(record.f0, record.f1);
            assertThat(previous).as("second final value for key %s", record.f0).isNull();
        }

        @Override
        public void close() {}
    }

    private SpillingHashAggregation<Tuple2<String, Integer>> counter(Collector<Tuple2<String, Integer>> out,
            ReduceFunction<Tuple2<String, Integer>> reducer) {
        return new SpillingHashAggregation<>(COUNT_TYPE.createSerializer(new SerializerConfig()),
                COUNT_TYPE.createComparator(new int[] {0}, new boolean[] {true}, new SerializerConfig()), reducer, out);
    }

    private static final ReduceFunction<Tuple2<String, Integer>> SUM = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);

    private Map<String, Integer> countWithSpilling(List<String> words, int pages,
            SpillingHashAggregation.Stats[] statsOut) throws Exception {
        FinalValues out = new FinalValues();
        List<MemorySegment> memory = memoryManager.allocatePages(this, pages);
        SpillingHashAggregation<Tuple2<String, Integer>> aggregation = counter(out, SUM);
        try {
            aggregation.open(memory, ioManager);
            for (String w : words) {
                aggregation.updateOrInsert(Tuple2.of(w, 1));
            }
            aggregation.finish();
        } finally {
            aggregation.close();
            assertThat(aggregation.freePages()).isEqualTo(pages);
            memoryManager.release(memory);
        }
        statsOut[0] = aggregation.stats();
        return out.values;
    }

    private static Map<String, Integer> reference(List<String> words) {
        Map<String, Integer> counts = new HashMap<>();
        for (String w : words) {
            counts.merge(w, 1, Integer::sum);
        }
        return counts;
    }

    @Test
    void emitsOneFinalValuePerKeyThroughSpilledPartitions() throws Exception {
        Random random = new Random(1);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 150_000; i++) {
            words.add("word-" + random.nextInt(20_000));
        }
        SpillingHashAggregation.Stats[] stats = new SpillingHashAggregation.Stats[1];
        assertThat(countWithSpilling(words, 64, stats)).isEqualTo(reference(words));
        assertThat(stats[0].spillingLevels).as(stats[0].toString()).isGreaterThan(1);
        assertThat(stats[0].blockwisePasses).as(stats[0].toString()).isZero();
    }

    @Test
    void keepsEverythingInMemoryWhenItFits() throws Exception {
        Random random = new Random(2);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            words.add("w" + random.nextInt(500));
        }
        SpillingHashAggregation.Stats[] stats = new SpillingHashAggregation.Stats[1];
        assertThat(countWithSpilling(words, 64, stats)).isEqualTo(reference(words));
        assertThat(stats[0].spillingLevels).isZero();
    }

    @Test
    void keysWithIdenticalHashesFinishThroughBlockwisePasses() throws Exception {
        // 2^11 distinct strings of "Aa"/"BB" blocks: all have the same String.hashCode (more than 16 pages hold)
        List<String> keys = new ArrayList<>();
        for (int bits = 0; bits < 2048; bits++) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < 11; i++) {
                s.append((bits >> i & 1) == 0 ? "Aa" : "BB");
            }
            keys.add(s.toString());
        }
        assertThat(keys.stream().map(String::hashCode).distinct()).hasSize(1);
        Random random = new Random(3);
        List<String> words = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            words.add(keys.get(random.nextInt(keys.size())));
        }
        SpillingHashAggregation.Stats[] stats = new SpillingHashAggregation.Stats[1];
        assertThat(countWithSpilling(words, 16, stats)).isEqualTo(reference(words));
        assertThat(stats[0].blockwisePasses).as(stats[0].toString()).isGreaterThan(1);
    }

    @Test
    void closeAfterAFailureInANestedLevelDeletesFilesAndReturnsPages() throws Exception {
        int[] calls = new int[1];
        ReduceFunction<Tuple2<String, Integer>> failing = (a, b) -> {
            if (++calls[0] == 60_000) {
                throw new IllegalStateException("reduce failed");
            }
            return Tuple2.of(a.f0, a.f1 + b.f1);
        };
        List<MemorySegment> memory = memoryManager.allocatePages(this, 32);
        SpillingHashAggregation<Tuple2<String, Integer>> aggregation = counter(new FinalValues(), failing);
        aggregation.open(memory, ioManager);
        Random random = new Random(4);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 100_000; i++) {
                aggregation.updateOrInsert(Tuple2.of("k" + random.nextInt(10_000), 1));
            }
            aggregation.finish();
        }).hasMessage("reduce failed");
        aggregation.close();
        assertThat(aggregation.freePages()).isEqualTo(32);
        memoryManager.release(memory);
    }

    @Test
    void rejectsTooLittleMemory() {
        List<MemorySegment> few = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            few.add(MemorySegment.allocateHeap(PAGE_SIZE, null));
        }
        assertThatThrownBy(() -> counter(new FinalValues(), SUM).open(few, ioManager))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("4 memory pages");
    }
}
