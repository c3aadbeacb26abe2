package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.windowing.TimestampedValueTypeInfo;
import io.eddy.streaming.api.windowing.WindowSpec;
import io.eddy.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.GlobalWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.evictors.CountEvictor;
import io.eddy.streaming.api.windowing.triggers.CountTrigger;
import io.eddy.streaming.api.windowing.triggers.DeltaTrigger;
import io.eddy.streaming.api.windowing.triggers.PurgingTrigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowedStreamTest {

    private static final ClassLoader CL = WindowedStreamTest.class.getClassLoader();
    private static final TypeInfo<Tuple2<String, Long>> TYPE = new TypeHint<Tuple2<String, Long>>() {}.getTypeInfo();

    static final class ByWord implements KeySelector<Tuple2<String, Long>, String> {
        @Override
        public String getKey(Tuple2<String, Long> value) {
            return value.f0;
        }
    }

    static final class Sum implements ReduceFunction<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> reduce(Tuple2<String, Long> a, Tuple2<String, Long> b) {
            return Tuple2.of(a.f0, a.f1 + b.f1);
        }
    }

    static final class Count implements AggregateFunction<Tuple2<String, Long>, Long, Integer> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Tuple2<String, Long> value, Long accumulator) {
            return accumulator + 1;
        }

        @Override
        public Integer getResult(Long accumulator) {
            return accumulator.intValue();
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    static final class Describe extends ProcessWindowFunction<Tuple2<String, Long>, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Tuple2<String, Long>> elements, Collector<String> out) {
            out.collect(key + context.window());
        }
    }

    static final class Sizes implements WindowFunction<Integer, Tuple2<String, Integer>, String, TimeWindow> {
        @Override
        public void apply(String key, TimeWindow window, Iterable<Integer> input, Collector<Tuple2<String, Integer>> out) {
            out.collect(Tuple2.of(key, input.iterator().next()));
        }
    }

    static final class RichSum implements ReduceFunction<Tuple2<String, Long>>, RichFunction {
        @Override
        public Tuple2<String, Long> reduce(Tuple2<String, Long> a, Tuple2<String, Long> b) {
            return a;
        }

        @Override
        public void open() {}

        @Override
        public void close() {}

        @Override
        public RuntimeContext getRuntimeContext() {
            return null;
        }

        @Override
        public void setRuntimeContext(RuntimeContext context) {}
    }

    private static KeyedStream<Tuple2<String, Long>, String> keyed(StreamExecutionEnvironment env) {
        return env.fromCollection(List.of(Tuple2.of("a", 1L)), TYPE).keyBy(new ByWord());
    }

    private static OperatorDescriptor window(JobGraph graph) {
        return graph.vertices().stream().flatMap(v -> v.chain().stream()).filter(s -> s.kind().equals("window")).findFirst()
                .orElseThrow().descriptor(CL);
    }

    private static WindowSpec spec(OperatorDescriptor d) {
        return ((OperatorKinds.Window) d.kind()).spec();
    }

    @Test
    void reduceKeepsOneReducedValuePerWindow() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        keyed(env).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).allowedLateness(Duration.ofMillis(500)).reduce(new Sum()).print();
        OperatorDescriptor d = window(env.getJobGraph("w"));
        assertThat(d.keySelectors()).singleElement().isInstanceOf(ByWord.class);
        assertThat(d.keyType()).isEqualTo(Types.STRING);
        assertThat(d.outputType()).isEqualTo(TYPE);
        assertThat(spec(d).contentsDescriptor()).isInstanceOf(ReducingStateDescriptor.class);
        assertThat(spec(d).allowedLateness()).isEqualTo(500);
        assertThat(spec(d).evictor()).isNull();
    }

    @Test
    void aggregateKeepsAnAccumulatorAndExtractsTheResultTypes() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        keyed(env).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).aggregate(new Count(), new Sizes()).print();
        OperatorDescriptor d = window(env.getJobGraph("w"));
        assertThat(spec(d).contentsDescriptor()).isInstanceOf(AggregatingStateDescriptor.class);
        assertThat(spec(d).contentsDescriptor().getTypeInfo()).isEqualTo(Types.LONG);
        assertThat(d.outputType()).isEqualTo(Types.TUPLE(Types.STRING, Types.INT));
    }

    @Test
    void processKeepsTheElementsAndAnEvictorKeepsThemWithTimestamps() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        keyed(env).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).process(new Describe()).print();
        OperatorDescriptor d = window(env.getJobGraph("w"));
        assertThat(spec(d).contentsDescriptor()).isInstanceOf(ListStateDescriptor.class);
        assertThat(spec(d).contentsDescriptor().getTypeInfo()).isEqualTo(TYPE);
        assertThat(d.outputType()).isEqualTo(Types.STRING);

        StreamExecutionEnvironment env2 = StreamExecutionEnvironment.createLocalEnvironment(2);
        keyed(env2).countWindow(5, 2).reduce(new Sum()).print();
        WindowSpec evicting = spec(window(env2.getJobGraph("w")));
        assertThat(evicting.evictor()).isInstanceOf(CountEvictor.class);
        assertThat(evicting.trigger()).isInstanceOf(CountTrigger.class);
        assertThat(evicting.contentsDescriptor().getTypeInfo()).isEqualTo(new TimestampedValueTypeInfo<>(TYPE));
    }

    @Test
    void countWindowPurgesAfterEachFiring() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        keyed(env).countWindow(3).sum(1).print();
        WindowSpec spec = spec(window(env.getJobGraph("w")));
        assertThat(spec.assigner()).isInstanceOf(GlobalWindows.class);
        assertThat(spec.trigger()).isInstanceOf(PurgingTrigger.class);
    }

    @Test
    void lateDataTagAndWindowAllParallelism() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(4);
        OutputTag<Tuple2<String, Long>> late = new OutputTag<>("late", TYPE);
        SingleOutputStreamOperator<Tuple2<String, Long>> result = env.fromCollection(List.of(Tuple2.of("a", 1L)), TYPE)
                .windowAll(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).sideOutputLateData(late).reduce(new Sum());
        result.print();
        result.getSideOutput(late).print();
        JobGraph graph = env.getJobGraph("w");
        OperatorDescriptor d = window(graph);
        assertThat(spec(d).lateDataTag()).isEqualTo(late);
        JobVertex vertex = graph.vertices().stream().filter(v -> v.chain().stream().anyMatch(s -> s.kind().equals("window")))
                .findFirst().orElseThrow();
        assertThat(vertex.parallelism()).isEqualTo(1);
        assertThat(d.keyType()).isEqualTo(Types.BYTE);
    }

    @Test
    void sessionsNeedAMergingTrigger() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        WindowedStream<Tuple2<String, Long>, String, TimeWindow> sessions = keyed(env)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)))
                .trigger(DeltaTrigger.of(1.0, (a, b) -> b.f1 - a.f1, TYPE));
        assertThatThrownBy(() -> sessions.reduce(new Sum())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot merge windows").hasMessageContaining("DeltaTrigger");
    }

    @Test
    void richReduceFunctionsAreRejectedWithAWayOut() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        assertThatThrownBy(() -> keyed(env).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1))).reduce(new RichSum()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("RichFunction").hasMessageContaining("ProcessWindowFunction");
    }

    @Test
    void coGroupUnitesTaggedInputsIntoOneKeyedWindow() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Tuple2<String, Long>> left = env.fromCollection(List.of(Tuple2.of("a", 1L)), TYPE);
        DataStream<String> right = env.fromCollection(List.of("a"), Types.STRING);
        left.coGroup(right).where(new ByWord()).equalTo(s -> s, Types.STRING).window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
                .apply(new Pairs()).print();
        OperatorDescriptor d = window(env.getJobGraph("cg"));
        assertThat(d.keyType()).isEqualTo(Types.STRING);
        assertThat(d.inputTypes().get(0)).isEqualTo(new TaggedUnion.UnionTypeInfo<>(TYPE, Types.STRING));
        assertThat(d.outputType()).isEqualTo(Types.INT);
        @SuppressWarnings({"unchecked", "rawtypes"})
        TypeInfo<String> wrongKeyType = (TypeInfo) Types.INT;
        assertThatThrownBy(() -> left.join(right).where(new ByWord()).equalTo(s -> s, wrongKeyType))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same type");
    }

    static final class Pairs implements CoGroupFunction<Tuple2<String, Long>, String, Integer> {
        @Override
        public void coGroup(Iterable<Tuple2<String, Long>> first, Iterable<String> second, Collector<Integer> out) {
            out.collect(1);
        }
    }
}
