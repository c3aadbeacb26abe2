package io.eddy.streaming.api.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

class ChainingTest {

    static final class Inc implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    static final class Even implements FilterFunction<Long> {
        @Override
        public boolean filter(Long value) {
            return value % 2 == 0;
        }
    }

    private static StreamExecutionEnvironment env() {
        return StreamExecutionEnvironment.createLocalEnvironment(2);
    }

    private static java.util.List<String> names(JobGraph graph) {
        return graph.vertices().stream().map(JobVertex::name).toList();
    }

    @Test
    void forwardEdgesOfEqualParallelismChainIntoOneVertex() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 100).map(new Inc()).filter(new Even()).print();
        JobGraph graph = env.getJobGraph("chain");
        assertThat(names(graph)).containsExactly("Source: Sequence Source -> Map -> Filter -> Sink: Print to Std. Out");
        assertThat(graph.edges()).isEmpty();
        JobVertex v = graph.vertices().get(0);
        assertThat(v.parallelism()).isEqualTo(2);
        assertThat(v.chain()).hasSize(4);
        for (int i = 0; i < 3; i++) {
            assertThat(v.chain().get(i).outputs()).containsExactly(OperatorOutput.chained(i + 1, 0));
        }
        assertThat(v.chain().get(3).outputs()).isEmpty();
    }

    @Test
    void differentParallelismBreaksTheChainWithRebalance() {
        StreamExecutionEnvironment env = env();
        env.fromElements(1L, 2L, 3L).map(new Inc()).print();
        JobGraph graph = env.getJobGraph("p");
        assertThat(names(graph)).containsExactly("Source: Collection Source", "Map -> Sink: Print to Std. Out");
        assertThat(graph.vertices().get(0).parallelism()).isEqualTo(1);
        assertThat(graph.vertices().get(1).parallelism()).isEqualTo(2);
        assertThat(graph.edges()).extracting(JobEdge::shipStrategy).containsExactly(ShipStrategy.REBALANCE);
    }

    @Test
    void disableChainingIsolatesTheOperator() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 100).map(new Inc()).disableChaining().filter(new Even()).print();
        JobGraph graph = env.getJobGraph("disabled");
        assertThat(names(graph)).containsExactly("Source: Sequence Source", "Map", "Filter -> Sink: Print to Std. Out");
        assertThat(graph.edges()).extracting(JobEdge::shipStrategy).containsOnly(ShipStrategy.FORWARD);
    }

    @Test
    void startNewChainCutsOnlyBeforeTheOperator() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 100).map(new Inc()).filter(new Even()).startNewChain().map(new Inc()).print();
        JobGraph graph = env.getJobGraph("new chain");
        assertThat(names(graph)).containsExactly("Source: Sequence Source -> Map", "Filter -> Map -> Sink: Print to Std. Out");
    }

    @Test
    void explicitForwardWithEqualParallelismChains() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 100).forward().map(new Inc()).print();
        assertThat(names(env.getJobGraph("fwd"))).containsExactly("Source: Sequence Source -> Map -> Sink: Print to Std. Out");
    }

    @Test
    void anOperatorWithTwoInputEdgesIsNotChained() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> a = env.generateSequence(1, 10);
        a.union(a.map(new Inc())).filter(new Even()).print();
        JobGraph graph = env.getJobGraph("two inputs");
        assertThat(names(graph)).containsExactly("Source: Sequence Source -> Map", "Filter -> Sink: Print to Std. Out");
        JobVertex head = graph.vertices().get(0);
        assertThat(head.head().outputs()).containsExactly(OperatorOutput.chained(1, 0), OperatorOutput.network(0));
        assertThat(head.chain().get(1).outputs()).containsExactly(OperatorOutput.network(1));
        assertThat(graph.inputsOf(graph.vertices().get(1).id())).extracting(JobEdge::targetGateIndex).containsExactly(0, 1);
    }

    @Test
    void differentMaxParallelismBreaksTheChain() {
        StreamExecutionEnvironment env = env();
        env.generateSequence(1, 10).map(new Inc()).setMaxParallelism(64).print();
        JobGraph graph = env.getJobGraph("max");
        assertThat(names(graph)).containsExactly("Source: Sequence Source", "Map", "Sink: Print to Std. Out");
        assertThat(graph.vertices().get(1).maxParallelism()).isEqualTo(64);
    }

    @Test
    void verticesAreInTopologicalOrder() {
        StreamExecutionEnvironment env = env();
        DataStream<Long> late = env.generateSequence(1, 10);
        DataStream<Long> early = env.generateSequence(1, 10).map(new Inc()).setParallelism(1);
        early.union(late).map(new Inc()).setParallelism(3).print();
        JobGraph graph = env.getJobGraph("topo");
        for (JobEdge e : graph.edges()) {
            assertThat(e.source().index()).isLessThan(e.target().index());
        }
        assertThat(graph.vertices().get(graph.vertices().size() - 1).parallelism()).isEqualTo(2);
    }
}
