package io.eddy.translation;

import static io.eddy.translation.Plans.blocking;
import static io.eddy.translation.Plans.broadcastVariable;
import static io.eddy.translation.Plans.edge;
import static io.eddy.translation.Plans.forward;
import static io.eddy.translation.Plans.map;
import static io.eddy.translation.Plans.plan;
import static io.eddy.translation.Plans.source;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.optimizer.BatchCompiler;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each condition of {@link ChainingRule}, on hand-built plans and on the plans both compilers produce. */
class ChainingRuleTest {

    private static boolean chained(PhysicalPlan plan, int node) {
        return ChainingRule.isChainedToProducer(plan, plan.node(node));
    }

    @Test
    void aForwardPipelinedEdgeBetweenEqualNodesChains() {
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(forward(0))), 1)).isTrue();
    }

    @Test
    void aSourceHasNoProducer() {
        assertThat(chained(plan(source(0, "s", 2)), 0)).isFalse();
    }

    @Test
    void eachConditionBreaksTheChainAlone() {
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(edge(0, 0, ShipStrategy.REBALANCE))), 1))
                .as("not FORWARD").isFalse();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(blocking(0))), 1)).as("BLOCKING").isFalse();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(forward(0)).parallelism(2, 64)), 1))
                .as("other max parallelism").isFalse();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 3).input(forward(0)).parallelism(3, 128)), 1))
                .as("other parallelism").isFalse();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(forward(0)).chainingStrategy(ChainingStrategy.HEAD)), 1))
                .as("the node starts a new chain").isFalse();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(forward(0)).chainingStrategy(ChainingStrategy.NEVER)), 1))
                .as("the node is never chained").isFalse();
        assertThat(chained(plan(source(0, "s", 2).chainingStrategy(ChainingStrategy.NEVER), map(1, "m", 2).input(forward(0))), 1))
                .as("the producer is never chained").isFalse();
        assertThat(chained(plan(source(0, "s", 2).chainingStrategy(ChainingStrategy.HEAD), map(1, "m", 2).input(forward(0))), 1))
                .as("a producer that starts a chain may be followed in it").isTrue();
        assertThat(chained(plan(source(0, "s", 2), map(1, "m", 2).input(forward(0)).input(forward(0))), 1))
                .as("two input edges").isFalse();
        assertThat(chained(plan(source(0, "s", 2), source(1, "t", 1),
                map(2, "m", 2, 1, List.of("v")).input(forward(0)).input(broadcastVariable(1, 0))), 2))
                .as("a broadcast input counts as an input").isFalse();
    }

    // ---- the streaming compiler ----------------------------------------------------------------

    static final class Inc implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    /** Whether each node of the stream graph is chained, by its display name. */
    private static Map<String, Boolean> chainedByName(StreamExecutionEnvironment env) {
        PhysicalPlan plan = env.getStreamGraph().toPhysicalPlan("p");
        return plan.nodes().stream().collect(Collectors.toMap(PlanNode::displayName, n -> ChainingRule.isChainedToProducer(plan, n)));
    }

    @Test
    void theStreamingCompilersPlansFollowTheRule() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Long> numbers = env.generateSequence(1, 10);
        numbers.map(new Inc()).name("forward").print().name("printed");
        numbers.rebalance().map(new Inc()).name("rebalanced").print().name("printed 2");
        // the sink runs at the default parallelism 2 again, so it is not chained either
        numbers.map(new Inc()).name("wider").setParallelism(3).print().name("printed 3");
        numbers.map(new Inc()).name("own max").setMaxParallelism(64).print().name("printed 4");
        numbers.map(new Inc()).name("new chain").startNewChain().print().name("printed 5");
        numbers.map(new Inc()).name("alone").disableChaining().print().name("printed 6");
        numbers.union(numbers.map(new Inc()).name("other")).map(new Inc()).name("two inputs").print().name("printed 7");

        Map<String, Boolean> chained = chainedByName(env);
        assertThat(chained).containsEntry("forward", true).containsEntry("Sink: printed", true)
                .containsEntry("rebalanced", false)
                .containsEntry("wider", false).containsEntry("Sink: printed 3", false)
                .containsEntry("own max", false).containsEntry("Sink: printed 4", false)
                .containsEntry("new chain", false).containsEntry("Sink: printed 5", true)
                .containsEntry("alone", false).containsEntry("Sink: printed 6", false)
                .containsEntry("other", true).containsEntry("two inputs", false);
        PhysicalPlan plan = env.getStreamGraph().toPhysicalPlan("p");
        assertThat(plan.nodes()).allSatisfy(n -> assertThat(n.inputs()).allSatisfy(e ->
                assertThat(e.exchangeMode()).isEqualTo(io.eddy.jobgraph.ExchangeMode.PIPELINED)));
    }

    // ---- the batch compiler --------------------------------------------------------------------

    /** Drops records. */
    static final class Discard<T> implements OutputFormat<T> {
        @Override
        public void open(int subtask, int parallelism) {}

        @Override
        public void writeRecord(T record) {}

        @Override
        public void close() {}
    }

    @Test
    void theBatchCompilersPlansFollowTheRule() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration()).setParallelism(4);
        DataSet<Long> numbers = env.generateSequence(1, 1000);
        numbers.map(new Inc()).name("forward").output(new Discard<>()).name("out");
        numbers.map(new Inc()).name("with variable").withBroadcastSet(env.generateSequence(1, 3), "v").output(new Discard<>()).name("out 2");
        numbers.map(new Inc()).name("narrow").setParallelism(1).output(new Discard<>()).name("out 3");
        PhysicalPlan plan = BatchCompiler.compile(env.createProgramPlan()).toPhysicalPlan();

        Map<String, PlanNode> byName = plan.nodes().stream().collect(Collectors.toMap(PlanNode::name, Function.identity(), (a, b) -> a));
        assertThat(ChainingRule.isChainedToProducer(plan, byName.get("forward"))).isTrue();
        assertThat(ChainingRule.isChainedToProducer(plan, byName.get("out"))).isTrue();
        PlanNode withVariable = byName.get("with variable");
        assertThat(withVariable.inputs().get(0).shipStrategy()).isEqualTo(ShipStrategy.FORWARD);
        assertThat(withVariable.inputs().get(0).exchangeMode()).isEqualTo(io.eddy.jobgraph.ExchangeMode.PIPELINED);
        assertThat(ChainingRule.isChainedToProducer(plan, withVariable)).as("its broadcast input counts").isFalse();
        assertThat(ChainingRule.isChainedToProducer(plan, byName.get("narrow"))).isFalse();
        assertThat(plan.nodes()).allSatisfy(n -> {
            assertThat(n.chainingStrategy()).isEqualTo(ChainingStrategy.ALWAYS);
            assertThat(n.maxParallelism()).isEqualTo(128);
        });
        assertThat(plan.nodes()).anySatisfy(n -> assertThat(n.descriptor().kind()).isInstanceOf(BatchKinds.BatchSink.class));
    }
}
