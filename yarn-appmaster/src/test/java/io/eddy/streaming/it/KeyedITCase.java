package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.collectAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.KeyedStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.co.CoFlatMapFunction;
import io.eddy.streaming.it.TestTypes.Reading;
import io.eddy.streaming.it.TestTypes.WordCount;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Keyed streams: the ways to give a key, rolling reductions and aggregations, and keyed state. The
 * inputs come from one non-parallel source, so each key's records arrive in input order and the
 * rolling results can be compared one by one with a reference computed in plain Java.
 */
@Timeout(90)
class KeyedITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    @Test
    void keyByPojoFieldNameWithRollingSum() throws Exception {
        List<WordCount> input = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            input.add(new WordCount("w" + (i * 31 % 13), i % 17));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<WordCount> result = collectAll(env.fromCollection(input).keyBy("word").sum("count"));

        assertThat(perKey(result, w -> w.word)).isEqualTo(perKey(rolling(input, w -> w.word,
                (a, b) -> new WordCount(a.word, a.count + b.count)), w -> w.word));
    }

    @Test
    void keyByRecordComponentWithRollingReduce() throws Exception {
        List<Reading> input = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            input.add(new Reading("sensor-" + (i % 9), (i * 7919) % 1000));
        }
        BinaryOperator<Reading> maxOf = (a, b) -> new Reading(a.sensor(), Math.max(a.value(), b.value()));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Reading> result = collectAll(env.fromCollection(input).keyBy("sensor")
                .reduce((a, b) -> new Reading(a.sensor(), Math.max(a.value(), b.value()))));

        assertThat(perKey(result, Reading::sensor)).isEqualTo(perKey(rolling(input, Reading::sensor, maxOf), Reading::sensor));
    }

    /** The built-in aggregations on field 1 of (key, value, sequence number), with the reference semantics of each. */
    enum Aggregation {
        SUM((a, b) -> Tuple3.of(a.f0, a.f1 + b.f1, a.f2)),
        MIN((a, b) -> Tuple3.of(a.f0, Math.min(a.f1, b.f1), a.f2)),
        MAX((a, b) -> Tuple3.of(a.f0, Math.max(a.f1, b.f1), a.f2)),
        MIN_BY((a, b) -> b.f1 < a.f1 ? b : a),
        MAX_BY((a, b) -> b.f1 > a.f1 ? b : a),
        MAX_BY_LAST((a, b) -> b.f1 >= a.f1 ? b : a);

        final BinaryOperator<Tuple3<String, Integer, Integer>> reference;

        Aggregation(BinaryOperator<Tuple3<String, Integer, Integer>> reference) {
            this.reference = reference;
        }

        DataStream<Tuple3<String, Integer, Integer>> apply(KeyedStream<Tuple3<String, Integer, Integer>, Object> keyed) {
            return switch (this) {
                case SUM -> keyed.sum(1);
                case MIN -> keyed.min(1);
                case MAX -> keyed.max(1);
                case MIN_BY -> keyed.minBy(1);
                case MAX_BY -> keyed.maxBy(1);
                case MAX_BY_LAST -> keyed.maxBy(1, false);
            };
        }
    }

    @ParameterizedTest
    @EnumSource(Aggregation.class)
    void keyByTuplePositionWithBuiltInAggregations(Aggregation aggregation) throws Exception {
        List<Tuple3<String, Integer, Integer>> input = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            input.add(Tuple3.of("k" + (i % 4), (i * 37) % 11, i));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Tuple3<String, Integer, Integer>> result = collectAll(aggregation.apply(env.fromCollection(input).keyBy(0)));

        assertThat(perKey(result, t -> t.f0)).isEqualTo(perKey(rolling(input, t -> t.f0, aggregation.reference), t -> t.f0));
    }

    @Test
    void keyByKeySelectorClassAndLambdaWithKeyType() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<WordCount> words = env.generateSequence(1, 3000).map(v -> new WordCount("w" + v % 7, v)).returns(WordCount.class);

        DataStream<WordCount> byClass = words.keyBy(new WordOf()).reduce((a, b) -> new WordCount(a.word, a.count + b.count));
        DataStream<WordCount> byLambda = words.keyBy(w -> w.word, Types.STRING).reduce((a, b) -> new WordCount(a.word, Math.max(a.count, b.count)))
                .map(w -> new WordCount("max " + w.word, w.count)).returns(WordCount.class);
        List<WordCount> result = collectAll(byClass.union(byLambda));

        Map<String, Long> expected = new TreeMap<>();
        for (long v = 1; v <= 3000; v++) {
            expected.merge("w" + v % 7, v, Long::sum);
            expected.merge("max w" + v % 7, v, Long::max);
        }
        Map<String, Long> outputs = result.stream().collect(Collectors.groupingBy(w -> w.word, TreeMap::new, Collectors.counting()));
        Map<String, Long> last = result.stream().collect(Collectors.toMap(w -> w.word, w -> w.count, Long::max, TreeMap::new));
        assertThat(last).isEqualTo(expected);
        assertThat(outputs).allSatisfy((word, n) -> assertThat(n).as("outputs of %s", word).isIn(428L, 429L));
    }

    /** A key selector class, so that the key type is extracted from it. */
    static final class WordOf implements KeySelector<WordCount, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String getKey(WordCount value) {
            return value.word;
        }
    }

    @Test
    void keyedStateIsPerKeyAcrossARescalingExchange() throws Exception {
        int keys = 500;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<StateView> views = collectAll(env.generateSequence(1, 6000).keyBy(v -> v % keys, Types.LONG)
                .process(new StatefulCounter()).setParallelism(3));

        assertThat(views).hasSize(6000);
        Map<Long, List<StateView>> byKey = views.stream().collect(Collectors.groupingBy(StateView::key, TreeMap::new, Collectors.toList()));
        assertThat(byKey).hasSize(keys);
        byKey.forEach((key, list) -> {
            assertThat(list.stream().map(StateView::subtask).distinct()).as("subtasks of key %d", key).hasSize(1);
            assertThat(list.stream().map(StateView::count).sorted().toList()).as("counts of key %d", key)
                    .isEqualTo(E2e.range(1, list.size()));
            List<Long> values = E2e.range(1, 6000).stream().filter(v -> v % keys == key).toList();
            StateView last = list.stream().filter(v -> v.count() == values.size()).findFirst().orElseThrow();
            assertThat(last.values()).as("list state of key %d", key).isEqualTo(join(values));
            assertThat(last.parities()).as("map state of key %d", key).isEqualTo(parities(values));
        });
        assertThat(views.stream().map(StateView::subtask).distinct().sorted().toList()).containsExactly(0, 1, 2);
    }

    @Test
    void keyedConnectJoinsTwoStreamsByKeyWithKeyedState() throws Exception {
        List<Tuple2<Long, String>> names = new ArrayList<>();
        for (long id = 0; id < 200; id++) {
            names.add(Tuple2.of(id, "name" + id));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);
        DataStream<Tuple2<Long, Long>> amounts = env.generateSequence(1, 3000)
                .map(v -> Tuple2.of(v % 200, v)).returns(new TypeHint<Tuple2<Long, Long>>() {});

        List<String> joined = collectAll(env.fromCollection(names).connect(amounts).keyBy(0, 0).flatMap(new EnrichByKey()));

        List<String> expected = new ArrayList<>();
        for (long v = 1; v <= 3000; v++) {
            expected.add("name" + v % 200 + ":" + v);
        }
        assertThat(E2e.sorted(joined)).isEqualTo(E2e.sorted(expected));
    }

    /**
     * Joins amounts (input 2) with the name of their id (input 1), whichever comes first: the name
     * is kept in a ValueState, amounts that arrive before it wait in a ListState.
     */
    static final class EnrichByKey extends AbstractRichFunction implements CoFlatMapFunction<Tuple2<Long, String>, Tuple2<Long, Long>, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<String> name;
        private transient ListState<Long> waiting;

        @Override
        public void open() {
            name = getRuntimeContext().getState(new ValueStateDescriptor<>("name", String.class));
            waiting = getRuntimeContext().getListState(new ListStateDescriptor<>("waiting", Long.class));
        }

        @Override
        public void flatMap1(Tuple2<Long, String> value, Collector<String> out) throws Exception {
            name.update(value.f1);
            for (Long amount : waiting.get()) {
                out.collect(value.f1 + ":" + amount);
            }
            waiting.clear();
        }

        @Override
        public void flatMap2(Tuple2<Long, Long> value, Collector<String> out) throws Exception {
            String known = name.value();
            if (known == null) {
                waiting.add(value.f1);
            } else {
                out.collect(known + ":" + value.f1);
            }
        }
    }

    private static final OutputTag<Long> FIRST_OF_KEY = new OutputTag<>("first-of-key", Types.LONG);

    @Test
    void keyedProcessFunctionEmitsToASideOutput() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        SingleOutputStreamOperator<Long> main = env.generateSequence(1, 1000).keyBy(v -> v % 37, Types.LONG).process(new FirstOfKey());
        List<String> result = collectAll(main.map(v -> "main " + v).union(main.getSideOutput(FIRST_OF_KEY).map(k -> "first " + k)));

        List<String> expected = new ArrayList<>();
        for (long v = 1; v <= 1000; v++) {
            expected.add("main " + v);
        }
        for (long k = 0; k < 37; k++) {
            expected.add("first " + k);
        }
        assertThat(E2e.sorted(result)).isEqualTo(E2e.sorted(expected));
    }

    /** Forwards every value; the first time it sees a key it also emits the key to {@link #FIRST_OF_KEY}. */
    static final class FirstOfKey extends KeyedProcessFunction<Long, Long, Long> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Boolean> seen;

        @Override
        public void open() {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Boolean.class));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) throws Exception {
            if (seen.value() == null) {
                seen.update(true);
                ctx.output(FIRST_OF_KEY, ctx.getCurrentKey());
            }
            out.collect(value);
        }
    }

    /** What {@link StatefulCounter} saw for a key after one record. */
    public record StateView(long key, int subtask, long count, String values, String parities) {}

    /** Counts in a ValueState, keeps the values in a ListState and counts per parity in a MapState. */
    static final class StatefulCounter extends KeyedProcessFunction<Long, Long, StateView> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;
        private transient ListState<Long> values;
        private transient MapState<String, Long> parities;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
            values = getRuntimeContext().getListState(new ListStateDescriptor<>("values", Long.class));
            parities = getRuntimeContext().getMapState(new MapStateDescriptor<>("parities", String.class, Long.class));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<StateView> out) throws Exception {
            if (ctx.getCurrentKey() != value % 500) {
                throw new IllegalStateException("current key " + ctx.getCurrentKey() + " for value " + value);
            }
            long n = count.value() == null ? 1 : count.value() + 1;
            count.update(n);
            values.add(value);
            String parity = value % 2 == 0 ? "even" : "odd";
            Long seen = parities.get(parity);
            parities.put(parity, seen == null ? 1 : seen + 1);
            List<Long> all = new ArrayList<>();
            values.get().forEach(all::add);
            all.sort(null);
            Map<String, Long> map = new TreeMap<>();
            parities.entries().forEach(e -> map.put(e.getKey(), e.getValue()));
            out.collect(new StateView(ctx.getCurrentKey(), getRuntimeContext().getIndexOfThisSubtask(), n, join(all), map.toString()));
        }
    }

    private static String join(List<Long> values) {
        return values.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static String parities(List<Long> values) {
        Map<String, Long> map = new TreeMap<>();
        values.forEach(v -> map.merge(v % 2 == 0 ? "even" : "odd", 1L, Long::sum));
        return map.toString();
    }

    /** The rolling reduction of {@code input}: per record, the reduction of its key's records so far. */
    private static <T, K> List<T> rolling(List<T> input, Function<T, K> key, BinaryOperator<T> reduce) {
        Map<K, T> current = new LinkedHashMap<>();
        List<T> out = new ArrayList<>();
        for (T t : input) {
            out.add(current.merge(key.apply(t), t, reduce));
        }
        return out;
    }

    /** The records per key, in the order they came. */
    private static <T, K extends Comparable<K>> Map<K, List<String>> perKey(List<T> records, Function<T, K> key) {
        Map<K, List<String>> map = new TreeMap<>();
        records.forEach(r -> map.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(String.valueOf(r)));
        return map;
    }
}
