package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** More decisions of the passes: unions, partitioning operators, cross, coGroup, outer joins, broadcast variables, plan errors. */
class StrategyChoicesTest {

    static final class Same extends RichMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) {
            return value;
        }
    }

    static final class KeepLeft implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> left, Tuple2<Long, Long> right) {
            return left;
        }
    }

    static final class Count implements CoGroupFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Long> {
        @Override
        public void coGroup(Iterable<Tuple2<Long, Long>> first, Iterable<Tuple2<Long, Long>> second, Collector<Long> out) {
            out.collect(1L);
        }
    }

    private static ExecutionEnvironment env(int parallelism) {
        return ExecutionEnvironment.getExecutionEnvironment(new Configuration()).setParallelism(parallelism);
    }

    private static DataSet<Tuple2<Long, Long>> big(ExecutionEnvironment env) {
        return env.generateSequence(1, 100_000_000L).map(new BatchCompilerTest.Pair());
    }

    private static CompiledPlan compile(ExecutionEnvironment env) {
        return BatchCompiler.compile(env.createProgramPlan());
    }

    private static List<OptNode> nodes(CompiledPlan plan, Class<? extends OperatorKind> kind) {
        return plan.dag().nodes().stream().filter(n -> kind.isInstance(n.kind())).toList();
    }

    private static List<ShipStrategy> ships(List<Channel> channels) {
        return channels.stream().map(Channel::shipStrategy).toList();
    }

    @Test
    void aUnionFeedsOneInputThroughSeveralChannelsEachCombined() {
        ExecutionEnvironment env = env(2);
        big(env).union(big(env)).groupBy(0).sum(1).output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode reduce = nodes(plan, BatchKinds.Reduce.class).get(0);
        assertThat(reduce.inputs()).hasSize(2).allSatisfy(c -> assertThat(c.targetInput()).isZero());
        assertThat(ships(reduce.inputs())).containsExactly(ShipStrategy.HASH, ShipStrategy.HASH);
        assertThat(nodes(plan, BatchKinds.ReduceCombine.class)).hasSize(2);
        JobGraph graph = plan.toJobGraph();
        assertThat(graph.inputsOf(graph.vertices().get(graph.vertices().size() - 1).id())).hasSize(2);
    }

    @Test
    void partitionByHashIsTheReducersExchange() {
        ExecutionEnvironment env = env(3);
        big(env).partitionByHash(0).groupBy(0).sum(1).output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        long hashes = plan.dag().nodes().stream().flatMap(n -> n.inputs().stream()).filter(c -> c.shipStrategy() == ShipStrategy.HASH).count();
        assertThat(hashes).isEqualTo(1);
        assertThat(nodes(plan, BatchKinds.Reduce.class).get(0).inputs()).singleElement()
                .satisfies(c -> assertThat(c.shipKeys()).isEqualTo(KeySpec.of(0)));
    }

    @Test
    void rebalanceAndKeylessReduce() {
        ExecutionEnvironment env = env(3);
        big(env).rebalance().map(new Same()).sum(1).output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode map = plan.dag().nodes().stream().filter(n -> n.userFunction() instanceof Same).findFirst().orElseThrow();
        assertThat(ships(map.inputs())).containsExactly(ShipStrategy.REBALANCE);
        OptNode reduce = nodes(plan, BatchKinds.Reduce.class).get(0);
        assertThat(reduce.parallelism()).isEqualTo(1);
        assertThat(reduce.groupingKeys()).isNull();
        assertThat(reduce.localStrategy()).isEqualTo(BatchKinds.LocalStrategy.NONE);
        assertThat(ships(reduce.inputs())).containsExactly(ShipStrategy.REBALANCE);
    }

    @Test
    void crossWithTinyBroadcastsAndBuffersTheSecond() {
        ExecutionEnvironment env = env(4);
        big(env).crossWithTiny(env.fromElements(1L, 2L)).output(new NullOutputFormat<>());
        OptNode cross = nodes(compile(env), BatchKinds.Cross.class).get(0);

        assertThat(ships(cross.inputs(1))).containsExactly(ShipStrategy.BROADCAST);
        assertThat(ships(cross.inputs(0))).containsExactly(ShipStrategy.FORWARD);
        assertThat(cross.kind()).isEqualTo(new BatchKinds.Cross(1));
    }

    @Test
    void aCrossOfASetWithItselfReadsTheStreamedSideBlocking() {
        ExecutionEnvironment env = env(2);
        DataSet<Tuple2<Long, Long>> pairs = big(env);
        pairs.crossWithTiny(pairs).output(new NullOutputFormat<>());
        OptNode cross = nodes(compile(env), BatchKinds.Cross.class).get(0);

        assertThat(cross.inputs(0)).allSatisfy(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
        assertThat(cross.inputs(1)).allSatisfy(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED));
    }

    @Test
    void coGroupHashesBothSidesAndLeftOuterJoinBuildsTheInnerSide() {
        ExecutionEnvironment env = env(2);
        big(env).coGroup(big(env)).where(0).equalTo(0).with(new Count()).output(new NullOutputFormat<>());
        big(env).leftOuterJoin(big(env)).where(0).equalTo(0).with(new KeepLeft()).output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode coGroup = nodes(plan, BatchKinds.CoGroup.class).get(0);
        assertThat(ships(coGroup.inputs())).containsExactly(ShipStrategy.HASH, ShipStrategy.HASH);
        assertThat(coGroup.kind()).isEqualTo(new BatchKinds.CoGroup(KeySpec.of(0), KeySpec.of(0), null, null));
        OptNode join = nodes(plan, BatchKinds.Join.class).get(0);
        assertThat(join.localStrategy()).isEqualTo(BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_SECOND);
        assertThat(((BatchKinds.Join) join.kind()).joinType()).isEqualTo(JoinType.LEFT_OUTER);
    }

    @Test
    void aBroadcastVariableIsAnEdgeToABroadcastInputAndBlocksTheMainInputOfTheSameSource() {
        ExecutionEnvironment env = env(2);
        DataSet<Tuple2<Long, Long>> pairs = big(env);
        pairs.map(new Same()).withBroadcastSet(pairs, "all").output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode map = plan.dag().nodes().stream().filter(n -> n.userFunction() instanceof Same).findFirst().orElseThrow();
        assertThat(map.broadcastNames()).containsExactly("all");
        assertThat(map.broadcastInputs()).singleElement().satisfies(c -> {
            assertThat(c.shipStrategy()).isEqualTo(ShipStrategy.BROADCAST);
            assertThat(c.targetInput()).isZero();
        });
        assertThat(map.inputs()).singleElement().satisfies(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
        JobGraph graph = plan.toJobGraph();
        assertThat(graph.edges()).anySatisfy(e -> {
            assertThat(e.role()).isEqualTo(EdgeRole.BROADCAST);
            assertThat(e.targetInput()).isZero();
            assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.BROADCAST);
        });
        assertThat(graph.edges()).anySatisfy(e -> assertThat(e.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
    }

    @Test
    void aJoinReadsBroadcastVariablesBeforeItsBuildSideSoABuildSideOfTheSameSourceBlocks() {
        ExecutionEnvironment env = env(2);
        DataSet<Tuple2<Long, Long>> probe = big(env);
        DataSet<Tuple2<Long, Long>> build = big(env);
        DataSet<Tuple2<Long, Long>> derived = build.map(new Same()).name("derived");
        probe.join(build, io.eddy.api.common.operators.JoinHint.REPARTITION_HASH_SECOND).where(0).equalTo(0).with(new KeepLeft())
                .withBroadcastSet(derived, "derived").output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode join = nodes(plan, BatchKinds.Join.class).get(0);
        assertThat(join.localStrategy()).isEqualTo(BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_SECOND);
        assertThat(join.inputs(1)).as("the build side, read after the broadcast variable it shares a producer with")
                .singleElement().satisfies(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING));
        assertThat(join.inputs(0)).as("the probe side shares no producer with them")
                .singleElement().satisfies(c -> assertThat(c.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED));
    }

    @Test
    void aPartitioningSurvivesAMapOnlyWhereItsKeyIsForwarded() {
        ExecutionEnvironment env = env(2);
        DataSet<Tuple2<Long, Long>> sums = big(env).groupBy(0).sum(1);
        sums.map(new Same()).name("opaque").join(big(env)).where(0).equalTo(0).name("after opaque").output(new NullOutputFormat<>());
        sums.map(new Same()).withForwardedFields("f0").name("forwarding").join(big(env)).where(0).equalTo(0).name("after forwarding")
                .output(new NullOutputFormat<>());
        CompiledPlan plan = compile(env);

        OptNode afterOpaque = plan.dag().nodes().stream().filter(n -> n.name().equals("after opaque")).findFirst().orElseThrow();
        OptNode afterForwarding = plan.dag().nodes().stream().filter(n -> n.name().equals("after forwarding")).findFirst().orElseThrow();
        assertThat(ships(afterOpaque.inputs(0))).containsExactly(ShipStrategy.HASH);
        assertThat(ships(afterForwarding.inputs(0))).containsExactly(ShipStrategy.FORWARD);
        assertThat(ships(afterForwarding.inputs(1))).containsExactly(ShipStrategy.HASH);
    }

    @Test
    void unsupportedPlansFailNamingTheOperator() {
        ExecutionEnvironment env = env(2);
        big(env).partitionByRange(t -> t.f0).name("ranges").output(new NullOutputFormat<>());
        assertThatThrownBy(() -> compile(env)).hasMessageContaining("'ranges'").hasMessageContaining("KeySelector");

        ExecutionEnvironment env2 = env(2);
        DataSet<Tuple2<Tuple2<Long, Long>, Long>> nested = big(env2).map(t -> Tuple2.of(t, t.f0))
                .returns(new io.eddy.api.common.typeinfo.TypeHint<Tuple2<Tuple2<Long, Long>, Long>>() {});
        nested.groupBy("f1").reduce((a, b) -> a).name("nested sum").output(new NullOutputFormat<>());
        assertThatThrownBy(() -> compile(env2)).hasMessageContaining("'nested sum'").hasMessageContaining("nested");
    }
}
