package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.typeinfo.WritableTypeInfo;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link HashCombiner}: the groups its combiner sees, flushes when its stores fill, and what it refuses. */
class HashCombinerTest {

    /** Each run of the combiner: its groups, each key with its values in the order the combiner read them. */
    static final List<Map<String, List<Integer>>> RUNS = new ArrayList<>();

    /** Records the groups of each run, and writes each key with the sum of its values. */
    public static final class RecordingSum extends Reducer<Text, IntWritable, Text, IntWritable> {
        private Map<String, List<Integer>> run;

        @Override
        protected void setup(Context context) {
            run = new LinkedHashMap<>();
            RUNS.add(run);
        }

        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws java.io.IOException, InterruptedException {
            List<Integer> seen = new ArrayList<>();
            int sum = 0;
            for (IntWritable value : values) {
                seen.add(value.get());
                sum += value.get();
            }
            assertThat(run.put(key.toString(), seen)).as("key %s came in one group", key).isNull();
            context.write(key, new IntWritable(sum));
        }
    }

    private final List<Tuple2<Text, IntWritable>> written = new ArrayList<>();
    private final Collector<Tuple2<Text, IntWritable>> out = new Collector<>() {
        @Override
        public void collect(Tuple2<Text, IntWritable> pair) {
            written.add(Tuple2.of(new Text(pair.f0), new IntWritable(pair.f1.get())));
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void clear() {
        RUNS.clear();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private HashCombiner<Text, IntWritable> combiner(int memoryBytes) {
        TupleTypeInfo type = new TupleTypeInfo<>(new WritableTypeInfo(Text.class), new WritableTypeInfo(IntWritable.class));
        NewApiGroupRunner runner = new NewApiGroupRunner(RecordingSum.class, Text.class, null, new JobConf(), type, TaskType.MAP);
        runner.setRuntimeContext(new TestRuntimeContext(0, 1));
        HashCombiner<Text, IntWritable> combiner = new HashCombiner<>(Text.class, IntWritable.class, runner, memoryBytes, "test map task");
        combiner.target(out);
        return combiner;
    }

    /** The mapper's output objects: one Text and one IntWritable, set anew for every pair, as a mapper reuses them. */
    private final Text mapperKey = new Text();
    private final IntWritable mapperValue = new IntWritable();

    /** Emits the pairs as a mapper does. */
    private void emit(HashCombiner<Text, IntWritable> combiner, String... keysAndValues) {
        for (int i = 0; i < keysAndValues.length; i += 2) {
            emit(combiner, keysAndValues[i], Integer.parseInt(keysAndValues[i + 1]), new TreeMap<>());
        }
    }

    /** Emits one pair as a mapper does, and adds its value to its key's sum in {@code sums}. */
    private void emit(HashCombiner<Text, IntWritable> combiner, String key, int value, Map<String, Integer> sums) {
        mapperKey.set(key);
        mapperValue.set(value);
        combiner.collect(Tuple2.of(mapperKey, mapperValue));
        sums.merge(key, value, Integer::sum);
    }

    private Map<String, Integer> writtenSums() {
        Map<String, Integer> sums = new TreeMap<>();
        written.forEach(pair -> sums.merge(pair.f0.toString(), pair.f1.get(), Integer::sum));
        return sums;
    }

    @Test
    void theCombinerSeesEachKeyOnceWithItsValuesInTheOrderTheyCame() {
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        emit(combiner, "b", "1", "a", "2", "b", "3", "c", "4", "a", "5", "b", "6");
        assertThat(RUNS).as("nothing combined before the flush").isEmpty();
        combiner.flush();

        assertThat(RUNS).hasSize(1);
        assertThat(RUNS.get(0)).containsExactly(Map.entry("b", List.of(1, 3, 6)), Map.entry("a", List.of(2, 5)), Map.entry("c", List.of(4)));
        assertThat(written).extracting(p -> p.f0.toString() + "=" + p.f1.get()).containsExactly("b=10", "a=7", "c=4");

        combiner.flush();
        assertThat(RUNS).as("nothing held runs no combiner").hasSize(1);
    }

    @Test
    void fullValuesAreCombinedAndEmptiedBeforeThePairThatDoesNotFit() {
        // Three tenths of the 400 bytes hold values as they come, each 8 + 4 bytes (an IntWritable): the 11th does not fit.
        HashCombiner<Text, IntWritable> combiner = combiner(400);
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 0; i < 25; i++) {
            emit(combiner, String.valueOf((char) ('a' + i)), i, expected);
        }
        combiner.flush();

        assertThat(RUNS).extracting(Map::size).containsExactly(10, 10, 5);
        assertThat(writtenSums()).isEqualTo(expected);
    }

    @Test
    void fullKeysAreCombinedAndEmptiedBeforeTheKeyThatDoesNotFit() {
        // A tenth of the 2600 bytes holds keys, each 50 bytes (Text: its length and 49 letters): the 6th does not fit.
        HashCombiner<Text, IntWritable> combiner = combiner(2600);
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 0; i < 12; i++) {
            String key = String.valueOf((char) ('a' + i)).repeat(49);
            emit(combiner, key, i, expected);
            emit(combiner, key, 100, expected);
        }
        combiner.flush();

        assertThat(RUNS).extracting(Map::size).containsExactly(5, 5, 2);
        assertThat(RUNS.get(0).get("a".repeat(49))).containsExactly(0, 100);
        assertThat(writtenSums()).isEqualTo(expected);
    }

    @Test
    void aPairLargerThanAWholeStorePassesOnUncombined() {
        HashCombiner<Text, IntWritable> combiner = combiner(64);
        String large = "x".repeat(100);
        emit(combiner, "a", "1", large, "7", "a", "2");
        combiner.flush();

        assertThat(written).extracting(p -> p.f0.toString() + "=" + p.f1.get()).containsExactly("a=1", large + "=7", "a=2");
        assertThat(RUNS).hasSize(2);
    }

    @Test
    void manyDistinctKeysGrowTheTable() {
        HashCombiner<Text, IntWritable> combiner = combiner(16 << 20);
        Map<String, Integer> expected = new TreeMap<>();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 50_000; i++) {
                emit(combiner, "key-" + i, i + round, expected);
            }
        }
        combiner.flush();

        assertThat(RUNS).hasSize(1);
        assertThat(RUNS.get(0)).hasSize(50_000);
        assertThat(RUNS.get(0).get("key-49999")).containsExactly(49_999, 50_000, 50_001);
        assertThat(writtenSums()).isEqualTo(expected);
    }

    /** Short and long keys, among them keys whose bytes differ only in their length (runs of NUL characters). */
    @Test
    void shortAndLongKeysAndKeysOfZeroBytesAreToldApart() {
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        List<String> keys = new ArrayList<>();
        for (int length = 0; length <= 40; length++) { // around a table slot's 16 bytes (Text's length byte and 15 characters)
            keys.add("k".repeat(length));
            keys.add("\0".repeat(length));
        }
        Map<String, Integer> expected = new TreeMap<>();
        for (int round = 1; round <= 3; round++) {
            for (String key : keys) {
                emit(combiner, key, round, expected);
            }
        }
        combiner.flush();

        assertThat(RUNS).hasSize(1);
        assertThat(RUNS.get(0)).hasSize(81); // "" once: "k" and "\0" repeated 0 times are the same key
        RUNS.get(0).values().forEach(values -> assertThat(values).containsAnyOf(1, 2, 3));
        assertThat(RUNS.get(0).get("\0".repeat(7))).containsExactly(1, 2, 3);
        assertThat(RUNS.get(0).get("")).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(writtenSums()).isEqualTo(expected);
    }

    /** Keys stay in the table across flushes; the combiner sees only those with values since the last flush. */
    @Test
    void keysWithoutNewValuesAreNotCombinedAgain() {
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        emit(combiner, "a", "1", "b", "2", "c", "3");
        combiner.flush();
        emit(combiner, "c", "4", "d", "5", "c", "6");
        combiner.flush();

        assertThat(RUNS).hasSize(2);
        assertThat(RUNS.get(1)).containsExactly(Map.entry("c", List.of(4, 6)), Map.entry("d", List.of(5)));
        assertThat(written).extracting(p -> p.f0.toString() + "=" + p.f1.get()).containsExactly("a=1", "b=2", "c=3", "c=10", "d=5");
    }

    /** The table's size is bounded by the memory given: at half its most slots the keys are combined and dropped. */
    @Test
    void aFullTableDropsItsKeysAfterCombining() {
        // 1 MB: the table may take three tenths, 9,830 slots of 32 bytes — but at least 16,384, so 8,192 keys.
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        Map<String, Integer> expected = new TreeMap<>();
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 10_000; i++) {
                emit(combiner, "w" + i, 1, expected);
            }
        }
        combiner.flush();

        assertThat(RUNS).extracting(Map::size).containsExactly(8_192, 8_192, 3_616);
        assertThat(RUNS.get(1)).containsEntry("w9999", List.of(1)).containsEntry("w0", List.of(1));
        assertThat(writtenSums()).isEqualTo(expected);
    }

    @Test
    void discardedPairsAreNeverCombined() {
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        emit(combiner, "a", "1", "b", "2");
        combiner.discard();
        emit(combiner, "a", "5");
        combiner.flush();

        assertThat(RUNS).hasSize(1);
        assertThat(RUNS.get(0)).containsExactly(Map.entry("a", List.of(5)));
        assertThat(writtenSums()).isEqualTo(Map.of("a", 5));
    }

    @Test
    void aNullKeyOrValueIsRefusedNamingTheTask() {
        HashCombiner<Text, IntWritable> combiner = combiner(1 << 20);
        assertThatThrownBy(() -> combiner.collect(Tuple2.of(null, new IntWritable(1))))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("test map task").hasMessageContaining("null key");
        assertThatThrownBy(() -> combiner.collect(Tuple2.of(new Text("a"), null)))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("null value");
    }
}
