package io.eddy.streaming.api.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobGraphCodec;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.streaming.api.functions.co.CoMapFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamGraphTranslationTest {

    private static final ClassLoader CL = StreamGraphTranslationTest.class.getClassLoader();

    static final class Twice implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value * 2;
        }
    }

    static final class Mod implements KeySelector<Long, Long> {
        @Override
        public Long getKey(Long value) {
            return value % 3;
        }
    }

    static final class Splitter extends ProcessFunction<Long, Long> {
        static final OutputTag<String> ODD = new OutputTag<>("odd", TypeInfo.of(String.class));

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            if (value % 2 == 0) {
                out.collect(value);
            } else {
                ctx.output(ODD, "odd " + value);
            }
        }
    }

    static final class Merge implements CoMapFunction<Long, String, String> {
        @Override
        public String map1(Long value) {
            return "long " + value;
        }

        @Override
        public String map2(String value) {
            return value;
        }
    }

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.createLocalEnvironment(2);
    }

    private static OperatorDescriptor descriptor(OperatorSpec spec) {
        return spec.descriptor(CL);
    }

    @Test
    void keyByProducesAHashEdgeWithTheKeySelector() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 10).keyBy(new Mod()).reduce((a, b) -> a + b).print();
        JobGraph graph = env.getJobGraph("keyed");

        assertThat(graph.vertices()).extracting(JobVertex::name)
                .containsExactly("Source: Sequence Source", "Keyed Reduce -> Sink: Print to Std. Out");
        assertThat(graph.edges()).hasSize(1);
        JobEdge edge = graph.edges().get(0);
        assertThat(edge.shipStrategy()).isEqualTo(ShipStrategy.HASH);
        assertThat(edge.keySelector(CL)).isInstanceOf(Mod.class);
        assertThat(edge.recordType(CL)).isEqualTo(TypeInfo.of(Long.class));
        assertThat(edge.sourceOutputIndex()).isZero();
        assertThat(edge.targetGateIndex()).isZero();
        assertThat(edge.targetInput()).isZero();

        OperatorDescriptor reduce = descriptor(graph.vertices().get(1).head());
        assertThat(reduce.kind()).isEqualTo(OperatorKinds.KEYED_REDUCE);
        assertThat(reduce.keySelectors()).hasSize(1).first().isInstanceOf(Mod.class);
        assertThat(reduce.keyType()).isEqualTo(TypeInfo.of(Long.class));
        assertThat(reduce.inputTypes()).containsExactly(TypeInfo.of(Long.class));
        assertThat(reduce.outputType()).isEqualTo(TypeInfo.of(Long.class));
        OperatorDescriptor sink = descriptor(graph.vertices().get(1).chain().get(1));
        assertThat(sink.kind()).isEqualTo(OperatorKinds.SINK);
        assertThat(sink.outputType()).isNull();
        assertThat(sink.inputTypes()).containsExactly(TypeInfo.of(Long.class));
    }

    @Test
    void explicitPartitioningsBecomeShipStrategies() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> numbers = env.generateSequence(1, 10);
        numbers.rebalance().map(new Twice()).print();
        numbers.broadcast().map(new Twice()).print();
        numbers.shuffle().map(new Twice()).print();
        JobGraph graph = env.getJobGraph("partitionings");
        assertThat(graph.edges()).extracting(JobEdge::shipStrategy)
                .containsExactly(ShipStrategy.REBALANCE, ShipStrategy.BROADCAST, ShipStrategy.SHUFFLE);
        assertThat(graph.edges()).extracting(JobEdge::sourceOutputIndex).containsExactly(0, 1, 2);
        List<OperatorOutput> sourceOutputs = graph.vertices().get(0).head().outputs();
        assertThat(sourceOutputs).containsExactly(OperatorOutput.network(0), OperatorOutput.network(1), OperatorOutput.network(2));
    }

    @Test
    void unionGivesOneInputEdgePerStreamEachItsOwnGate() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> a = env.generateSequence(1, 10);
        DataStream<Long> b = env.generateSequence(11, 20);
        a.union(b).map(new Twice()).print();
        JobGraph graph = env.getJobGraph("union");
        JobVertex map = graph.vertices().get(2);
        assertThat(map.name()).isEqualTo("Map -> Sink: Print to Std. Out");
        List<JobEdge> inputs = graph.inputsOf(map.id());
        assertThat(inputs).hasSize(2);
        assertThat(inputs).extracting(JobEdge::targetGateIndex).containsExactly(0, 1);
        assertThat(inputs).extracting(JobEdge::targetInput).containsExactly(0, 0);
        assertThat(inputs).extracting(JobEdge::shipStrategy).containsOnly(ShipStrategy.FORWARD);
    }

    @Test
    void connectFeedsInputsZeroAndOne() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> longs = env.generateSequence(1, 10);
        DataStream<String> strings = env.fromElements("a", "b");
        longs.connect(strings).map(new Merge()).print();
        JobGraph graph = env.getJobGraph("connect");
        JobVertex coMap = graph.vertices().get(graph.vertices().size() - 1);
        assertThat(coMap.name()).isEqualTo("Co-Map -> Sink: Print to Std. Out");
        List<JobEdge> inputs = graph.inputsOf(coMap.id());
        assertThat(inputs).extracting(JobEdge::targetInput).containsExactly(0, 1);
        assertThat(inputs).extracting(JobEdge::targetGateIndex).containsExactly(0, 1);
        assertThat(inputs.get(1).shipStrategy()).isEqualTo(ShipStrategy.REBALANCE);
        OperatorDescriptor d = descriptor(coMap.head());
        assertThat(d.kind()).isEqualTo(OperatorKinds.CO_MAP);
        assertThat(d.inputTypes()).containsExactly(TypeInfo.of(Long.class), TypeInfo.of(String.class));
        assertThat(d.outputType()).isEqualTo(TypeInfo.of(String.class));
        assertThat(d.keySelectors()).isEmpty();
    }

    @Test
    void keyedConnectedStreamsGiveAKeyedCoOperator() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> longs = env.generateSequence(1, 10);
        DataStream<String> strings = env.fromElements("a", "bb");
        longs.connect(strings).keyBy(new Mod(), (KeySelector<String, Long>) s -> (long) s.length()).map(new Merge()).print();
        JobGraph graph = env.getJobGraph("keyed connect");
        JobVertex coMap = graph.vertices().get(graph.vertices().size() - 1);
        assertThat(graph.inputsOf(coMap.id())).extracting(JobEdge::shipStrategy).containsOnly(ShipStrategy.HASH);
        OperatorDescriptor d = descriptor(coMap.head());
        assertThat(d.keySelectors()).hasSize(2);
        assertThat(d.keyType()).isEqualTo(TypeInfo.of(Long.class));
    }

    @Test
    void sideOutputsCarryTheirTagChainedAndOverTheNetwork() {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Long> split = env.generateSequence(1, 10).process(new Splitter());
        split.print();
        split.getSideOutput(Splitter.ODD).print();
        split.getSideOutput(Splitter.ODD).rebalance().print();
        JobGraph graph = env.getJobGraph("side outputs");
        JobVertex first = graph.vertices().get(0);
        assertThat(first.name()).isEqualTo("Source: Sequence Source -> Process -> Sink: Print to Std. Out -> Sink: Print to Std. Out");
        List<OperatorOutput> processOutputs = first.chain().get(1).outputs();
        assertThat(processOutputs).containsExactly(
                new OperatorOutput(OperatorOutput.Target.CHAINED, 2, 0, null),
                new OperatorOutput(OperatorOutput.Target.CHAINED, 3, 0, "odd"),
                new OperatorOutput(OperatorOutput.Target.NETWORK, 0, 0, "odd"));
        assertThat(graph.edges()).hasSize(1);
        assertThat(graph.edges().get(0).recordType(CL)).isEqualTo(TypeInfo.of(String.class));
        assertThat(graph.edges().get(0).shipStrategy()).isEqualTo(ShipStrategy.REBALANCE);
    }

    @Test
    void uidsAreStableAcrossIdenticalProgramsAndUserUidsAreKept() {
        JobGraph one = program();
        JobGraph two = program();
        List<String> uids1 = one.vertices().stream().flatMap(v -> v.chain().stream()).map(OperatorSpec::uid).toList();
        List<String> uids2 = two.vertices().stream().flatMap(v -> v.chain().stream()).map(OperatorSpec::uid).toList();
        assertThat(uids1).isEqualTo(uids2).doesNotHaveDuplicates().contains("my-map");
    }

    private static JobGraph program() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 10).map(new Twice()).uid("my-map").keyBy(new Mod()).reduce((a, b) -> a + b).print();
        return env.getJobGraph("p");
    }

    @Test
    void settingsReachTheJobGraph() {
        StreamExecutionEnvironment env = env();
        env.setBufferTimeout(0);
        env.getConfig().registerKryoType(java.util.ArrayList.class);
        env.generateSequence(1, 2).print();
        JobGraph graph = env.getJobGraph("settings");
        assertThat(graph.name()).isEqualTo("settings");
        assertThat(graph.bufferTimeoutMillis()).isZero();
        io.eddy.api.common.typeutils.SerializerConfig config = io.eddy.util.InstantiationUtil.deserialize(graph.serializerConfigBytes(), CL, "config");
        assertThat(config.getRegisteredKryoTypes()).containsExactly(java.util.ArrayList.class);
        assertThat(graph.vertices().get(0).maxParallelism()).isEqualTo(io.eddy.jobgraph.KeyGroups.DEFAULT_MAX_PARALLELISM);
    }

    @Test
    void jobGraphCodecRoundTripsATranslatedGraph() throws Exception {
        StreamExecutionEnvironment env = env();
        SingleOutputStreamOperator<Long> split = env.generateSequence(1, 10).map(new Twice()).name("double").process(new Splitter());
        split.keyBy(new Mod()).reduce((a, b) -> a + b).print();
        split.getSideOutput(Splitter.ODD).rebalance().print();
        JobGraph graph = env.getJobGraph("round trip");

        DataOutputSerializer out = new DataOutputSerializer(1024);
        JobGraphCodec.write(graph, out);
        JobGraph read = JobGraphCodec.read(new DataInputDeserializer(out.getCopyOfBuffer()));

        assertThat(read.jobId()).isEqualTo(graph.jobId());
        assertThat(read.name()).isEqualTo(graph.name());
        assertThat(read.bufferTimeoutMillis()).isEqualTo(graph.bufferTimeoutMillis());
        assertThat(read.serializerConfigBytes()).isEqualTo(graph.serializerConfigBytes());
        assertThat(read.vertices()).hasSameSizeAs(graph.vertices());
        for (int i = 0; i < graph.vertices().size(); i++) {
            JobVertex a = graph.vertices().get(i);
            JobVertex b = read.vertices().get(i);
            assertThat(b.name()).isEqualTo(a.name());
            assertThat(b.parallelism()).isEqualTo(a.parallelism());
            assertThat(b.maxParallelism()).isEqualTo(a.maxParallelism());
            for (int j = 0; j < a.chain().size(); j++) {
                assertThat(b.chain().get(j).uid()).isEqualTo(a.chain().get(j).uid());
                assertThat(b.chain().get(j).kind()).isEqualTo(a.chain().get(j).kind());
                assertThat(b.chain().get(j).outputs()).isEqualTo(a.chain().get(j).outputs());
                assertThat(b.chain().get(j).descriptorBytes()).isEqualTo(a.chain().get(j).descriptorBytes());
            }
        }
        assertThat(read.edges()).hasSameSizeAs(graph.edges());
        for (int i = 0; i < graph.edges().size(); i++) {
            assertThat(read.edges().get(i).toString()).isEqualTo(graph.edges().get(i).toString());
            assertThat(read.edges().get(i).targetInput()).isEqualTo(graph.edges().get(i).targetInput());
            assertThat(read.edges().get(i).keySelectorBytes()).isEqualTo(graph.edges().get(i).keySelectorBytes());
            assertThat(read.edges().get(i).recordTypeBytes()).isEqualTo(graph.edges().get(i).recordTypeBytes());
        }
        assertThat(descriptor(read.vertices().get(0).chain().get(1)).userFunction()).isInstanceOf(Twice.class);
    }

    @Test
    void theStreamGraphRendersAsJson() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 10).keyBy(new Mod()).reduce((a, b) -> a + b).name("sum \"quoted\"").print();
        String json = env.getExecutionPlan();
        assertThat(json).startsWith("{\"job\":\"Eddy Streaming Job\",\"nodes\":[").contains("\"name\":\"Source: Sequence Source\"")
                .contains("\"ship\":\"HASH\"").contains("sum \\\"quoted\\\"").contains("\"parallelism\":2");
    }
}
