package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.util.InstantiationUtil;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the batch compiler turns a bulk iteration into a loop of the job graph (docs/iterations.md). */
class BulkIterationCompileTest {

    static final class Increment implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    static final class Small implements FilterFunction<Long> {
        @Override
        public boolean filter(Long value) {
            return value < 5;
        }
    }

    static final class AddWeight implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> rank, Tuple2<Long, Long> edge) {
            return new Tuple2<>(edge.f1, rank.f1 + edge.f1);
        }
    }

    static final class Double implements MapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) {
            return new Tuple2<>(value.f0, value.f1 * 2);
        }
    }

    private static ExecutionEnvironment env() {
        return ExecutionEnvironment.createLocalEnvironment(2);
    }

    private static VertexGroup onlyIteration(JobGraph graph) {
        assertThat(graph.groups()).hasSize(1);
        VertexGroup group = graph.groups().get(0);
        assertThat(group.kind()).isEqualTo(VertexGroup.Kind.ITERATION);
        return group;
    }

    private static List<String> kinds(JobVertex vertex) {
        return vertex.chain().stream().map(OperatorSpec::kind).toList();
    }

    @Test
    void aLoopWhoseBodyChainsIsOneVertexWithAFeedbackEdgeToItselfAndItsResultLeavesByTheResultOutput() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> loop = env.fromElements(1L, 2L, 3L).iterate(7).name("Count up").registerAggregator("n", new LongSumAggregator());
        loop.closeWith(loop.map(new Increment()).name("Next")).output(new NullOutputFormat<>()).name("Out");

        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();

        VertexGroup group = onlyIteration(graph);
        IterationSpec spec = group.iteration();
        assertThat(spec.name()).isEqualTo("Count up");
        assertThat(spec.kind()).isEqualTo(IterationSpec.Kind.BULK);
        assertThat(spec.maxIterations()).isEqualTo(7);
        assertThat(spec.terminationCriterion()).isFalse();
        AggregatorRegistry aggregators = InstantiationUtil.deserialize(spec.aggregatorsBytes(), getClass().getClassLoader(), "aggregators");
        assertThat(aggregators.getAggregators()).containsOnlyKeys("n");

        JobVertex head = graph.vertex(spec.headVertex());
        assertThat(group.members()).containsExactly(spec.headVertex());
        assertThat(kinds(head)).containsExactly(IterationKinds.BulkHead.NAME, "map", IterationKinds.BulkTail.NAME);
        assertThat(graph.feedbackEdges()).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo(spec.headVertex());
            assertThat(e.target()).isEqualTo(spec.headVertex());
        });
        // The head's input comes from outside the loop and its result leaves it: neither is chained to the head.
        assertThat(graph.inputsOf(head.id())).singleElement().satisfies(e -> assertThat(graph.vertex(e.source()).name()).doesNotContain("Count up"));
        JobEdge result = graph.outputsOf(head.id()).get(0);
        assertThat(graph.vertex(result.target()).chain().get(0).name()).isEqualTo("Out");
        assertThat(head.head().outputs()).anySatisfy(out -> assertThat(out.sideOutputTag()).isEqualTo(IterationKinds.RESULT_TAG));
    }

    @Test
    void theStaticPathStaysOutsideTheLoopAndATerminationCriterionGetsItsTail() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> edges = env.fromElements(new Tuple2<>(1L, 2L), new Tuple2<>(2L, 3L)).map(new Double()).name("Static edges");
        IterativeDataSet<Tuple2<Long, Long>> ranks = env.fromElements(new Tuple2<>(1L, 1L), new Tuple2<>(2L, 1L)).iterate(10).name("Ranks");
        DataSet<Tuple2<Long, Long>> next = ranks.join(edges).where(0).equalTo(0).with(new AddWeight()).name("Spread");
        DataSet<Long> criterion = ranks.map(t -> t.f1).returns(Long.class).filter(new Small()).name("Still small");
        ranks.closeWith(next, criterion).output(new NullOutputFormat<>());

        CompiledPlan compiled = BatchCompiler.compile(env.createProgramPlan());
        JobGraph graph = compiled.toJobGraph();

        VertexGroup group = onlyIteration(graph);
        assertThat(group.iteration().terminationCriterion()).isTrue();
        List<String> memberKinds = group.members().stream().flatMap(v -> kinds(graph.vertex(v)).stream()).toList();
        assertThat(memberKinds).contains(IterationKinds.BulkHead.NAME, "join", IterationKinds.BulkTail.NAME, IterationKinds.TerminationTail.NAME);
        JobVertex staticEdges = graph.vertices().stream().filter(v -> v.name().contains("Static edges")).findFirst().orElseThrow();
        assertThat(group.contains(staticEdges.id())).as("the static path is not in the loop").isFalse();
        // Only the next partial solution's tail feeds the head back; the criterion's tail only counts.
        assertThat(graph.feedbackEdges()).singleElement().satisfies(e ->
                assertThat(kinds(graph.vertex(e.source()))).contains(IterationKinds.BulkTail.NAME));
        // Inside the loop every exchange is pipelined.
        for (JobEdge e : graph.edges()) {
            if (group.contains(e.source()) && group.contains(e.target()) && e.role() != EdgeRole.FEEDBACK) {
                assertThat(e.exchangeMode()).as("edge %s", e).isEqualTo(io.eddy.jobgraph.ExchangeMode.PIPELINED);
            }
        }
        assertThat(compiled.toJson()).contains("\"iteration\"").contains("Ranks").contains("maxIterations");
        assertThat(compiled.toReadableString()).contains("iteration");
    }

    @Test
    void aLoopBodyThatWouldNeedABlockingExchangeGetsASuperstepBufferedOneInstead() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Tuple2<Long, Long>> loop = env.fromElements(new Tuple2<>(1L, 1L)).iterate(3).name("Self");
        DataSet<Tuple2<Long, Long>> doubled = loop.map(new Double()).name("Doubled");
        DataSet<Tuple2<Long, Long>> next = loop.join(doubled).where(0).equalTo(0).with(new AddWeight()).name("Self join");
        loop.closeWith(next).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();

        VertexGroup group = graph.groups().get(0);
        JobVertex join = graph.vertices().stream().filter(v -> kinds(v).contains("join")).findFirst().orElseThrow();
        List<JobEdge> joinInputs = graph.inputsOf(join.id());
        assertThat(joinInputs).hasSize(2).allSatisfy(e -> assertThat(e.exchangeMode()).isEqualTo(io.eddy.jobgraph.ExchangeMode.PIPELINED));
        assertThat(joinInputs).as("the input read after the other is buffered per superstep").filteredOn(JobEdge::superstepBuffered)
                .singleElement().satisfies(e -> assertThat(group.contains(e.source())).isTrue());
        assertThat(graph.edges().stream().filter(JobEdge::superstepBuffered)).as("only there").hasSize(1);
    }
}
