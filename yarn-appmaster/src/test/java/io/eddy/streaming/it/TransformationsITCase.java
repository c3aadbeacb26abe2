package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.bySubtask;
import static io.eddy.streaming.it.E2e.collectAll;
import static io.eddy.streaming.it.E2e.range;
import static io.eddy.streaming.it.E2e.sorted;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.streaming.api.functions.co.CoFlatMapFunction;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import io.eddy.streaming.it.TestTypes.SubtaskTagger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Non-keyed operators and partitionings, each compared with the same computation in plain Java. */
@Timeout(60)
class TransformationsITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    private static final OutputTag<String> SMALL = new OutputTag<>("small", Types.STRING);

    @Test
    void mapFilterAndFlatMapWithReturns() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        DataStream<Long> result = env.generateSequence(1, 2000)
                .map(x -> x * 3)
                .filter(x -> x % 2 == 0)
                .flatMap((Long x, Collector<Long> out) -> {
                    for (long i = 0; i < x % 3 + 1; i++) {
                        out.collect(x + i);
                    }
                })
                .returns(Long.class);

        List<Long> expected = new ArrayList<>();
        for (long v = 1; v <= 2000; v++) {
            long x = v * 3;
            if (x % 2 == 0) {
                for (long i = 0; i < x % 3 + 1; i++) {
                    expected.add(x + i);
                }
            }
        }
        assertThat(sorted(collectAll(result))).isEqualTo(sorted(expected));
    }

    @Test
    void processEmitsToTheMainOutputAndToASideOutput() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        SingleOutputStreamOperator<Long> big = env.generateSequence(1, 500).process(new SplitBySize());
        DataStream<String> both = big.map(v -> "big " + v).union(big.getSideOutput(SMALL));

        List<String> expected = new ArrayList<>();
        for (long v = 1; v <= 500; v++) {
            expected.add(v >= 100 ? "big " + v * 2 : "small " + v);
        }
        assertThat(sorted(collectAll(both))).isEqualTo(sorted(expected));
    }

    /** Values from 100 on go doubled to the main output, smaller ones as text to {@link #SMALL}. */
    static final class SplitBySize extends ProcessFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            if (value >= 100) {
                out.collect(value * 2);
            } else {
                ctx.output(SMALL, "small " + value);
            }
        }
    }

    @Test
    void unionMergesStreamsOfDifferentSourcesAndParallelisms() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        DataStream<Long> union = env.generateSequence(1, 300)
                .union(env.fromElements(1000L, 1001L), env.generateSequence(2000, 2100).map(x -> x + 1).setParallelism(3));

        List<Long> expected = new ArrayList<>(range(1, 300));
        expected.addAll(List.of(1000L, 1001L));
        expected.addAll(range(2001, 2101));
        assertThat(sorted(collectAll(union))).isEqualTo(sorted(expected));
    }

    @Test
    void connectWithCoMapAndCoFlatMap() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Long> numbers = env.generateSequence(1, 100);
        DataStream<String> words = env.fromElements("a b", "c", "d e f");

        DataStream<String> mapped = numbers.connect(words).map(new TagBySide());
        DataStream<String> flatMapped = numbers.connect(words).flatMap(new TensAndWords());

        List<String> expected = new ArrayList<>();
        for (long v = 1; v <= 100; v++) {
            expected.add("n" + v);
            if (v % 10 == 0) {
                expected.add("ten" + v);
            }
        }
        expected.addAll(List.of("wa b", "wc", "wd e f", "worda", "wordb", "wordc", "wordd", "worde", "wordf"));
        assertThat(sorted(collectAll(mapped.union(flatMapped)))).isEqualTo(sorted(expected));
    }

    /** Numbers to "n&lt;v&gt;", strings to "w&lt;s&gt;". */
    static final class TagBySide implements CoMapFunction<Long, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map1(Long v) {
            return "n" + v;
        }

        @Override
        public String map2(String v) {
            return "w" + v;
        }
    }

    /** Multiples of ten to "ten&lt;v&gt;", other numbers to nothing; strings to one "word&lt;w&gt;" per word. */
    static final class TensAndWords implements CoFlatMapFunction<Long, String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap1(Long v, Collector<String> out) {
            if (v % 10 == 0) {
                out.collect("ten" + v);
            }
        }

        @Override
        public void flatMap2(String v, Collector<String> out) {
            for (String w : v.split(" ")) {
                out.collect("word" + w);
            }
        }
    }

    @Test
    void rebalanceDealsRoundRobin() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Tuple2<Integer, Integer>> tagged = collectAll(env.fromCollection(intList(999)).rebalance().map(new SubtaskTagger<>()));

        Map<Integer, List<Integer>> shares = bySubtask(tagged);
        assertThat(shares).hasSize(3);
        shares.values().forEach(share -> assertThat(share).hasSize(333));
        assertThat(sorted(tagged.stream().map(t -> t.f1).toList())).isEqualTo(intList(999));
    }

    @Test
    void broadcastSendsEveryRecordToEverySubtask() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Tuple2<Integer, Integer>> tagged = collectAll(env.fromCollection(intList(50)).broadcast().map(new SubtaskTagger<>()));

        Map<Integer, List<Integer>> shares = bySubtask(tagged);
        assertThat(shares.keySet()).containsExactly(0, 1, 2);
        shares.values().forEach(share -> assertThat(share).isEqualTo(intList(50)));
    }

    @Test
    void shuffleDeliversEverythingSpreadOverAllSubtasks() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Tuple2<Integer, Integer>> tagged = collectAll(env.fromCollection(intList(3000)).shuffle().map(new SubtaskTagger<>()));

        assertThat(bySubtask(tagged).keySet()).containsExactly(0, 1, 2);
        assertThat(sorted(tagged.stream().map(t -> t.f1).toList())).isEqualTo(intList(3000));
    }

    @Test
    void forwardKeepsEachRecordInItsLaneAcrossANetworkEdge() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        DataStream<Tuple3<Integer, Integer, Long>> lanes = env.generateSequence(1, 400)
                .map(new SubtaskTagger<>())
                .forward()
                .map(new LaneMap())
                .disableChaining();

        List<Tuple3<Integer, Integer, Long>> result = collectAll(lanes);
        assertThat(result).hasSize(400).allSatisfy(t -> assertThat(t.f1).as("lane of %s", t).isEqualTo(t.f0));
        assertThat(result.stream().map(t -> t.f0).collect(Collectors.toSet())).containsExactlyInAnyOrder(0, 1);
    }

    /** (source subtask, value) to (source subtask, this subtask, value). */
    static final class LaneMap extends RichMapFunction<Tuple2<Integer, Long>, Tuple3<Integer, Integer, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Integer, Integer, Long> map(Tuple2<Integer, Long> value) {
            return Tuple3.of(value.f0, getRuntimeContext().getIndexOfThisSubtask(), value.f1);
        }
    }

    @Test
    void nameAndPerOperatorParallelismReachTheRuntime() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        DataStream<String> described = env.generateSequence(1, 60).map(new Describe()).name("Describer").setParallelism(3);

        List<String> result = collectAll(described);
        assertThat(result).hasSize(60);
        assertThat(result.stream().distinct().sorted().toList()).containsExactly(
                "Describer 0/3 Describer -> Sink: Collect Sink (1/3)", "Describer 1/3 Describer -> Sink: Collect Sink (2/3)",
                "Describer 2/3 Describer -> Sink: Collect Sink (3/3)");
    }

    /** Describes the subtask: operator name, index/parallelism, and the task name. */
    static final class Describe extends RichMapFunction<Long, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(Long value) {
            var ctx = getRuntimeContext();
            return ctx.getOperatorName() + " " + ctx.getIndexOfThisSubtask() + "/" + ctx.getNumberOfParallelSubtasks() + " " + ctx.getTaskName();
        }
    }

    private static List<Integer> intList(int n) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(i);
        }
        return values;
    }

}
