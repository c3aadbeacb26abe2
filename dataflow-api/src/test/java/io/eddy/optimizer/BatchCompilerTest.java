package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.api.common.operators.Order;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.FieldsKeySelector;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobGraphCodec;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.translation.ChainingRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pins the optimizer's decisions on small programs (no cluster: the plans are compiled, not run). */
class BatchCompilerTest {

    private static final ClassLoader CL = BatchCompilerTest.class.getClassLoader();

    static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String w : line.split(" ")) {
                out.collect(Tuple2.of(w, 1));
            }
        }
    }

    static final class Pair implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long value) {
            return Tuple2.of(value % 100, value);
        }
    }

    private static ExecutionEnvironment env(int parallelism) {
        return ExecutionEnvironment.getExecutionEnvironment(new Configuration()).setParallelism(parallelism);
    }

    private static DataSet<Tuple2<Long, Long>> big(ExecutionEnvironment env) {
        return env.generateSequence(1, 100_000_000L).map(new Pair());
    }

    private static OptNode node(CompiledPlan plan, Class<? extends OperatorKind> kind) {
        return plan.dag().nodes().stream().filter(n -> kind.isInstance(n.kind())).findFirst().orElseThrow();
    }

    private static List<ShipStrategy> ships(List<Channel> channels) {
        return channels.stream().map(Channel::shipStrategy).toList();
    }

    @Test
    void groupByThenJoinOnTheSameKeyShipsEachInputOnce() {
        ExecutionEnvironment env = env(4);
        DataSet<Tuple2<Long, Long>> sums = big(env).groupBy(0).sum(1);
        sums.join(big(env)).where(0).equalTo(0).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode join = node(plan, BatchKinds.Join.class);
        assertThat(ships(join.inputs(0))).containsExactly(ShipStrategy.FORWARD);
        assertThat(ships(join.inputs(1))).containsExactly(ShipStrategy.HASH);
        OptNode reduce = node(plan, BatchKinds.Reduce.class);
        assertThat(ships(reduce.inputs())).containsExactly(ShipStrategy.HASH);
        long hashChannels = plan.dag().nodes().stream().flatMap(n -> n.inputs().stream()).filter(c -> c.shipStrategy() == ShipStrategy.HASH).count();
        assertThat(hashChannels).isEqualTo(2);
        JobGraph graph = plan.toJobGraph();
        assertThat(graph.edges().stream().filter(e -> e.shipStrategy() == ShipStrategy.HASH)).hasSize(2);
        // the reduce's task feeds the join's forward (a two-input operator heads its own task)
        assertThat(graph.edges()).anySatisfy(e -> {
            assertThat(graph.vertex(e.source()).head().kind()).isEqualTo("reduce");
            assertThat(graph.vertex(e.target()).head().kind()).isEqualTo("join");
            assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.FORWARD);
        });
    }

    @Test
    void aTinySideIsBroadcast() {
        ExecutionEnvironment env = env(4);
        DataSet<Tuple2<Long, String>> tiny = env.fromElements(Tuple2.of(1L, "a"), Tuple2.of(2L, "b"));
        big(env).join(tiny).where(0).equalTo(0).output(new NullOutputFormat<>());
        OptNode join = node(BatchCompiler.compile(env.createProgramPlan()), BatchKinds.Join.class);

        assertThat(ships(join.inputs(1))).containsExactly(ShipStrategy.BROADCAST);
        assertThat(ships(join.inputs(0))).containsExactly(ShipStrategy.FORWARD);
        assertThat(join.localStrategy()).isEqualTo(BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_SECOND);
    }

    @Test
    void aCompilerHintMakesASideTiny() {
        ExecutionEnvironment env = env(4);
        DataSet<Tuple2<Long, Long>> small = big(env).filter(t -> t.f0 == 3L)
                .withCompilerHints(io.eddy.api.common.operators.CompilerHints.none().withOutputSize(1000));
        small.join(big(env)).where(0).equalTo(0).output(new NullOutputFormat<>());
        OptNode join = node(BatchCompiler.compile(env.createProgramPlan()), BatchKinds.Join.class);

        assertThat(ships(join.inputs(0))).containsExactly(ShipStrategy.BROADCAST);
        assertThat(join.localStrategy()).isEqualTo(BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_FIRST);
    }

    @Test
    void aReduceGetsAChainedCombiner() {
        ExecutionEnvironment env = env(4);
        big(env).groupBy(0).sum(1).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode combiner = node(plan, BatchKinds.ReduceCombine.class);
        OptNode reduce = node(plan, BatchKinds.Reduce.class);
        assertThat(reduce.inputs()).singleElement().satisfies(c -> assertThat(c.source()).isSameAs(combiner));
        assertThat(combiner.inputs()).singleElement().satisfies(c -> assertThat(c.isForward()).isTrue());
        assertThat(ChainingRule.isChainedToProducer(plan.toPhysicalPlan(), plan.toPhysicalPlan().node(combiner.id()))).isTrue();
        assertThat(combiner.kind()).isEqualTo(new BatchKinds.ReduceCombine(KeySpec.of(0), BatchKinds.LocalStrategy.HASH));
    }

    static final class CountPartition implements MapPartitionFunction<Tuple2<Long, Long>, Long> {
        @Override
        public void mapPartition(Iterable<Tuple2<Long, Long>> values, Collector<Long> out) {
            long n = 0;
            for (Tuple2<Long, Long> ignored : values) {
                n++;
            }
            out.collect(n);
        }
    }

    @Test
    void aSortPartitionReadOnlyByAMapPartitionBecomesItsSort() {
        ExecutionEnvironment env = env(4);
        big(env).partitionByHash(0).sortPartition(1, Order.DESCENDING).mapPartition(new CountPartition()).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        assertThat(plan.dag().nodes()).noneMatch(n -> n.kind() instanceof BatchKinds.SortPartition);
        OptNode mapPartition = node(plan, BatchKinds.MapPartition.class);
        assertThat(mapPartition.kind()).isEqualTo(new BatchKinds.MapPartition(KeySpec.of(new int[] {1}, new boolean[] {false})));
        assertThat(mapPartition.consumesMemory()).isTrue();
        assertThat(ships(mapPartition.inputs())).containsExactly(ShipStrategy.HASH);
        assertThat(mapPartition.memoryFraction()).isEqualTo(1.0 / 4);
        assertThat(plan.toReadableString()).contains("SORT");
    }

    @Test
    void aSortPartitionWithAnotherReaderOrAnotherParallelismStaysItsOwnOperator() {
        ExecutionEnvironment env = env(4);
        DataSet<Tuple2<Long, Long>> sorted = big(env).sortPartition(0, Order.ASCENDING);
        sorted.mapPartition(new CountPartition()).output(new NullOutputFormat<>());
        sorted.output(new NullOutputFormat<>());
        CompiledPlan twoReaders = BatchCompiler.compile(env.createProgramPlan());
        assertThat(node(twoReaders, BatchKinds.SortPartition.class)).isNotNull();
        assertThat(node(twoReaders, BatchKinds.MapPartition.class).kind()).isEqualTo(BatchKinds.MAP_PARTITION);

        ExecutionEnvironment env2 = env(4);
        big(env2).sortPartition(0, Order.ASCENDING).mapPartition(new CountPartition()).setParallelism(2).output(new NullOutputFormat<>());
        CompiledPlan otherParallelism = BatchCompiler.compile(env2.createProgramPlan());
        assertThat(node(otherParallelism, BatchKinds.SortPartition.class)).isNotNull();
        assertThat(node(otherParallelism, BatchKinds.MapPartition.class).kind()).isEqualTo(BatchKinds.MAP_PARTITION);
    }

    @Test
    void aSelfJoinOfOnePipelinedSourceGetsABlockingEdge() {
        ExecutionEnvironment env = env(2);
        DataSet<Tuple2<Long, Long>> pairs = big(env);
        pairs.join(pairs).where(0).equalTo(0).output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode join = node(plan, BatchKinds.Join.class);
        int probe = join.localStrategy() == BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_FIRST ? 1 : 0;
        assertThat(join.inputs(probe)).allSatisfy(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
        assertThat(join.inputs(1 - probe)).allSatisfy(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED));
        assertThat(plan.toJobGraph().edges()).anySatisfy(e -> assertThat(e.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
    }

    @Test
    void twoUnrelatedInputsOfAHashJoinStayPipelined() {
        ExecutionEnvironment env = env(2);
        big(env).join(big(env)).where(0).equalTo(0).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();
        assertThat(graph.edges()).allSatisfy(e -> assertThat(e.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED));
    }

    @Test
    void wordCountJobGraph() throws Exception {
        ExecutionEnvironment env = env(2);
        env.readTextFile("/does/not/exist/words.txt").flatMap(new Tokenizer()).groupBy(0).sum(1).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan("WordCount")).toJobGraph();

        assertThat(graph.vertices()).hasSize(2);
        JobVertex first = graph.vertices().get(0);
        JobVertex second = graph.vertices().get(1);
        assertThat(first.chain().stream().map(OperatorSpec::kind))
                .containsExactly("batchSource", "flatMap", "reduceCombine");
        assertThat(second.chain().stream().map(OperatorSpec::kind)).containsExactly("reduce", "batchSink");
        assertThat(graph.edges()).singleElement().satisfies(e -> {
            assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH);
            assertThat(e.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED);
            assertThat(e.targetInput()).isZero();
            assertThat(((FieldsKeySelector<?>) e.keySelector(CL)).keys()).isEqualTo(KeySpec.of(0));
        });
        OperatorDescriptor reduce = second.head().descriptor(CL);
        assertThat(reduce.kind()).isEqualTo(new BatchKinds.Reduce(KeySpec.of(0), BatchKinds.LocalStrategy.HASH));
        assertThat(reduce.memoryFraction()).isEqualTo(0.25);
        assertThat(first.chain().get(2).descriptor(CL).memoryFraction()).isEqualTo(0.25);
        assertThat(first.head().descriptor(CL).kind()).isInstanceOf(BatchKinds.BatchSource.class);
        assertThat(first.chain().get(1).outputs()).singleElement().satisfies(o -> assertThat(o.index()).isEqualTo(2));
        assertThat(first.chain().get(2).outputs()).singleElement()
                .satisfies(o -> assertThat(o.target()).isEqualTo(io.eddy.jobgraph.OperatorOutput.Target.NETWORK));
        assertThat(first.parallelism()).isEqualTo(2);
        assertThat(first.maxParallelism()).isEqualTo(second.maxParallelism());
    }

    @Test
    void executionPlanJsonNamesTheStrategies() throws Exception {
        ExecutionEnvironment env = env(4);
        DataSet<Tuple2<Long, String>> tiny = env.fromElements(Tuple2.of(1L, "a"));
        big(env).join(tiny).where(0).equalTo(0).output(new NullOutputFormat<>());
        big(env).groupBy(0).sum(1).output(new NullOutputFormat<>());

        JsonNode json = new ObjectMapper().readTree(env.getExecutionPlan());
        assertThat(json.get("job").asText()).isEqualTo(ExecutionEnvironment.DEFAULT_JOB_NAME);
        JsonNode join = null;
        for (JsonNode n : json.get("nodes")) {
            if (n.get("kind").asText().equals("join")) {
                join = n;
            }
        }
        assertThat(join).isNotNull();
        assertThat(join.get("localStrategy").asText()).isEqualTo("HYBRID_HASH_BUILD_SECOND");
        assertThat(join.get("inputs").get(1).get("ship").asText()).isEqualTo("BROADCAST");
        assertThat(join.get("inputs").get(0).get("exchange").asText()).isEqualTo("PIPELINED");
        assertThat(json.toString()).contains("\"ship\":\"HASH\"", "reduceCombine");
    }

    @Test
    void jobGraphsRoundTripThroughTheCodec() throws Exception {
        ExecutionEnvironment env = env(3);
        DataSet<Tuple2<Long, Long>> pairs = big(env);
        pairs.join(pairs).where(0).equalTo(0).output(new NullOutputFormat<>());
        big(env).groupBy(0).sum(1).union(big(env)).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();

        DataOutputSerializer out = new DataOutputSerializer(1024);
        JobGraphCodec.write(graph, out);
        JobGraph read = JobGraphCodec.read(new DataInputDeserializer(out.getCopyOfBuffer()));
        assertThat(read.vertices()).hasSameSizeAs(graph.vertices());
        assertThat(read.edges().stream().map(JobEdge::toString)).containsExactlyElementsOf(graph.edges().stream().map(JobEdge::toString).toList());
        for (JobVertex v : read.vertices()) {
            for (OperatorSpec spec : v.chain()) {
                assertThat(spec.descriptor(CL).kind().name()).isEqualTo(spec.kind());
            }
        }
    }

    @Test
    void selectorKeysBecomeAKeyExtractingMapAndFieldZero() {
        ExecutionEnvironment env = env(2);
        big(env).groupBy(t -> t.f0).reduce((a, b) -> a).name("by selector").output(new NullOutputFormat<>());
        CompiledPlan plan = BatchCompiler.compile(env.createProgramPlan());

        OptNode reduce = node(plan, BatchKinds.Reduce.class);
        assertThat(reduce.groupingKeys()).isEqualTo(KeySpec.of(0));
        assertThat(reduce.userFunction()).isInstanceOf(io.eddy.optimizer.functions.KeyedFunctions.Reducer.class);
        assertThat(reduce.inputTypes().get(0).getTypeClass()).isEqualTo(Tuple2.class);
        OptNode combiner = node(plan, BatchKinds.ReduceCombine.class);
        assertThat(combiner.inputs()).singleElement().satisfies(c ->
                assertThat(c.source().userFunction()).isInstanceOf(io.eddy.optimizer.functions.KeyExtractor.class));
        OptNode sink = node(plan, BatchKinds.BatchSink.class);
        assertThat(sink.inputs()).singleElement().satisfies(c ->
                assertThat(c.source().userFunction()).isInstanceOf(io.eddy.optimizer.functions.ValueExtractor.class));
        JobGraph graph = plan.toJobGraph();
        assertThat(graph.edges()).singleElement().satisfies(e -> assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH));
    }

    @Test
    void aJoinWithASelectorOnOneSideKeysBothSidesByExtractedKeys() {
        ExecutionEnvironment env = env(2);
        big(env).join(big(env)).where(t -> t.f1).equalTo(1).output(new NullOutputFormat<>());
        OptNode join = node(BatchCompiler.compile(env.createProgramPlan()), BatchKinds.Join.class);

        assertThat(((BatchKinds.Join) join.kind()).keys1()).isEqualTo(KeySpec.of(0));
        assertThat(((BatchKinds.Join) join.kind()).keys2()).isEqualTo(KeySpec.of(0));
        assertThat(join.userFunction()).isInstanceOf(io.eddy.optimizer.functions.KeyedFunctions.Joiner.class);
        assertThat(join.inputs()).allSatisfy(c ->
                assertThat(c.source().userFunction()).isInstanceOf(io.eddy.optimizer.functions.KeyExtractor.class));
    }

    @Test
    void selectorKeysWhereNotSupportedFailNamingTheOperator() {
        ExecutionEnvironment env = env(2);
        big(env).partitionByHash(t -> t.f0).name("by selector").output(new NullOutputFormat<>());
        assertThatThrownBy(() -> BatchCompiler.compile(env.createProgramPlan()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'by selector'").hasMessageContaining("KeySelector");
    }
}
