package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.collectAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.testkit.results.Total;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keyed operator after a local object channel uses the key its producer computed for
 * partitioning instead of calling the key selector again: with one worker (every channel local)
 * the selector runs once per record; with two workers the records that cross to the other worker
 * are keyed again on arrival. Either way each key's records meet in one subtask with the right
 * key. An Integer key is the exception: it is not handed on (extracting an int again costs less
 * than its box), so the consumer keys every record again, and the state of each key is still its own.
 * Its key group is handed on and used (that the group is the key's own is checked in
 * ChannelSelectorsTest, that the operator uses it in KeyedOperatorsTest).
 */
@Timeout(60)
class PartitionKeyITCase {

    private static final int RECORDS = 20_000;
    private static final int KEYS = 37;
    /** The key selectors' calls, a {@link io.eddy.testkit.results.Total} in the test's {@link ResultDirectory}. */
    private static final String SELECTOR_CALLS = "selector-calls";

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0} worker(s)")
    @ValueSource(ints = {1, 2})
    void theProducersKeyIsReusedOnLocalObjectChannels(int workers) throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        long calls = runAndCheckCounts(workers, run, new CountingSelector(run), new CountPerKey());
        if (workers == 1) {
            assertThat(calls).as("key selector calls: once per record, on the producer").isEqualTo(RECORDS);
        } else {
            assertThat(calls).as("key selector calls: remote records are keyed again").isGreaterThan(RECORDS).isLessThan(2L * RECORDS);
        }
    }

    @ParameterizedTest(name = "{0} worker(s)")
    @ValueSource(ints = {1, 2})
    void integerKeysAreKeyedAgainByTheConsumerAndKeepTheirState(int workers) throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        long calls = runAndCheckCounts(workers, run, new CountingIntSelector(run), new CountPerIntKey());
        assertThat(calls).as("key selector calls: on the producer and again on the consumer").isEqualTo(2L * RECORDS);
    }

    /**
     * Runs {@code 0..RECORDS-1 -> keyBy(selector) -> counter}, whose "key=count so far" lines must
     * end with every key counted {@code RECORDS / KEYS} times (or once more); returns the key
     * selector's calls.
     */
    private static <K> long runAndCheckCounts(int workers, ResultDirectory run, KeySelector<Long, K> selector,
            KeyedProcessFunction<K, Long, String> counter) throws Exception {
        Configuration conf = new Configuration().set(ExecutionOptions.EMBEDDED_WORKERS, workers);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf).setParallelism(2);
        List<String> out = collectAll(env.generateSequence(0, RECORDS - 1).keyBy(selector).process(counter).returns(Types.STRING));

        Map<String, Long> lastCount = new HashMap<>();
        for (String line : out) {
            String[] parts = line.split("=");
            lastCount.merge(parts[0], Long.parseLong(parts[1]), Math::max);
        }
        assertThat(lastCount).hasSize(KEYS);
        long perKey = RECORDS / KEYS;
        assertThat(lastCount.values()).allSatisfy(c -> assertThat(c).isBetween(perKey, perKey + 1));
        return run.totalOf(SELECTOR_CALLS);
    }

    /** {@code n % KEYS} as an int key, counting its calls. */
    static final class CountingIntSelector implements KeySelector<Long, Integer> {
        private static final long serialVersionUID = 1L;
        private final Total calls;

        CountingIntSelector(ResultDirectory run) {
            this.calls = run.total(SELECTOR_CALLS);
        }

        @Override
        public Integer getKey(Long value) {
            calls.increment();
            return (int) (value % KEYS) * 1_000_003;
        }
    }

    /** Emits "key=count so far" from keyed value state, checking that the current key is the record's. */
    static final class CountPerIntKey extends KeyedProcessFunction<Integer, Long, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) throws Exception {
            int key = ctx.getCurrentKey();
            if (key != (int) (value % KEYS) * 1_000_003) {
                throw new IllegalStateException("record " + value + " processed under key " + key);
            }
            Long before = count.value();
            long c = before == null ? 1 : before + 1;
            count.update(c);
            out.collect(key + "=" + c);
        }
    }

    /** {@code n % KEYS}, counting its calls. */
    static final class CountingSelector implements KeySelector<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final Total calls;

        CountingSelector(ResultDirectory run) {
            this.calls = run.total(SELECTOR_CALLS);
        }

        @Override
        public Long getKey(Long value) {
            calls.increment();
            return value % KEYS;
        }
    }

    /** Emits "key=count so far", checking that the current key is the record's. */
    static final class CountPerKey extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;
        private transient Map<Long, Long> counts;

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            if (counts == null) {
                counts = new HashMap<>();
            }
            Long key = ctx.getCurrentKey();
            if (key != value % KEYS) {
                throw new IllegalStateException("record " + value + " processed under key " + key);
            }
            long c = counts.merge(key, 1L, Long::sum);
            out.collect(key + "=" + c);
        }
    }
}
