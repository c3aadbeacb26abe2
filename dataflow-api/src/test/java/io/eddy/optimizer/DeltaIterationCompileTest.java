package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.DeltaIteration;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the batch compiler turns a delta iteration into a loop of the job graph (docs/iterations.md). */
class DeltaIterationCompileTest {

    /** (vertex, component) joined with (source, target): the target hears the component. */
    static final class Neighbour implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> vertex, Tuple2<Long, Long> edge) {
            return new Tuple2<>(edge.f1, vertex.f1);
        }
    }

    static final class Min implements ReduceFunction<Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return a.f1 <= b.f1 ? a : b;
        }
    }

    /** Keeps a candidate smaller than the vertex's component. */
    static final class Smaller implements FlatJoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void join(Tuple2<Long, Long> candidate, Tuple2<Long, Long> current, Collector<Tuple2<Long, Long>> out) {
            if (candidate.f1 < current.f1) {
                out.collect(candidate);
            }
        }
    }

    /** The record as a list: a generic type, whose values cannot be compared. */
    static final class AsList implements io.eddy.api.common.functions.KeySelector<Tuple2<Long, Long>, java.util.ArrayList<Long>> {
        @Override
        public java.util.ArrayList<Long> getKey(Tuple2<Long, Long> t) {
            return new java.util.ArrayList<>(List.of(t.f0, t.f1));
        }
    }

    static final class Both implements CoGroupFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void coGroup(Iterable<Tuple2<Long, Long>> first, Iterable<Tuple2<Long, Long>> second, Collector<Tuple2<Long, Long>> out) {
            first.forEach(out::collect);
        }
    }

    private static ExecutionEnvironment env() {
        return ExecutionEnvironment.createLocalEnvironment(2);
    }

    private static List<String> kinds(JobVertex vertex) {
        return vertex.chain().stream().map(OperatorSpec::kind).toList();
    }

    private static JobVertex vertexWith(JobGraph graph, String kind) {
        return graph.vertices().stream().filter(v -> kinds(v).contains(kind)).findFirst()
                .orElseThrow(() -> new AssertionError("no vertex runs " + kind + " in " + graph.vertices()));
    }

    /** Connected components as a delta iteration: the solution set and the workset are the same data set. */
    private static ExecutionEnvironment connectedComponents(boolean forwardKeys) {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromElements(new Tuple2<>(1L, 1L), new Tuple2<>(2L, 2L), new Tuple2<>(3L, 3L)).name("Vertices");
        DataSet<Tuple2<Long, Long>> edges = env.fromElements(new Tuple2<>(1L, 2L), new Tuple2<>(2L, 3L)).name("Edges");
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 20, 0).name("Components");
        DataSet<Tuple2<Long, Long>> candidates = it.getWorkset().join(edges).where(0).equalTo(0).with(new Neighbour()).name("Tell neighbours")
                .groupBy(0).reduce(new Min()).name("Smallest candidate");
        var changes = candidates.join(it.getSolutionSet()).where(0).equalTo(0).with(new Smaller()).name("Smaller than current");
        if (forwardKeys) {
            changes.withForwardedFieldsFirst("f0");
        }
        it.closeWith(changes, changes).output(new NullOutputFormat<>()).name("Out");
        return env;
    }

    @Test
    void aDeltaLoopHasAHeadReadingTheSolutionSetFirstASolutionSetJoinInItsLanesAndTwoFeedbackEdges() {
        ExecutionEnvironment env = connectedComponents(false);
        CompiledPlan compiled = BatchCompiler.compile(env.createProgramPlan());
        JobGraph graph = compiled.toJobGraph();

        assertThat(graph.groups()).singleElement().satisfies(g -> assertThat(g.kind()).isEqualTo(VertexGroup.Kind.ITERATION));
        VertexGroup group = graph.groups().get(0);
        IterationSpec spec = group.iteration();
        assertThat(spec.kind()).isEqualTo(IterationSpec.Kind.DELTA);
        assertThat(spec.maxIterations()).isEqualTo(20);
        assertThat(spec.endsOnEmptyCount()).isTrue();
        JobVertex head = graph.vertex(spec.headVertex());
        assertThat(kinds(head).get(0)).isEqualTo(IterationKinds.DeltaHead.NAME);
        assertThat(head.head().descriptor(getClass().getClassLoader()).kind())
                .isEqualTo(new IterationKinds.DeltaHead("Components", io.eddy.jobgraph.KeySpec.of(0), false));

        // Input 0 (the solution set) is hashed on the keys; input 1 (the workset) shares its producer, so it waits for it: BLOCKING.
        List<JobEdge> headInputs = graph.inputsOf(head.id());
        JobEdge solution = headInputs.stream().filter(e -> e.targetInput() == 0).findFirst().orElseThrow();
        JobEdge workset = headInputs.stream().filter(e -> e.targetInput() == 1).findFirst().orElseThrow();
        assertThat(solution.shipStrategy()).isEqualTo(ShipStrategy.HASH);
        assertThat(solution.role()).isEqualTo(EdgeRole.SOLUTION_SET);
        assertThat(workset.role()).isEqualTo(EdgeRole.DATA);
        assertThat(solution.exchangeMode()).isEqualTo(ExchangeMode.PIPELINED);
        assertThat(workset.exchangeMode()).isEqualTo(ExchangeMode.BLOCKING);

        // The solution-set join reads one input, hashed on its keys, with the loop's parallelism, inside the loop.
        JobVertex join = vertexWith(graph, IterationKinds.SolutionSetJoin.NAME);
        assertThat(group.contains(join.id())).isTrue();
        assertThat(join.parallelism()).isEqualTo(head.parallelism());
        assertThat(graph.inputsOf(join.id())).allSatisfy(e -> assertThat(e.shipStrategy()).isIn(ShipStrategy.HASH, ShipStrategy.FORWARD));

        // The delta tail's input is hashed on the solution set's keys (the join does not say it keeps them); the workset tail's is not.
        JobVertex deltaTail = vertexWith(graph, IterationKinds.SolutionSetDeltaTail.NAME);
        JobVertex worksetTail = vertexWith(graph, IterationKinds.WorksetTail.NAME);
        assertThat(deltaTail.parallelism()).isEqualTo(head.parallelism());
        assertThat(group.contains(deltaTail.id())).isTrue();
        assertThat(group.contains(worksetTail.id())).isTrue();
        if (deltaTail.id() != join.id()) {
            assertThat(graph.inputsOf(deltaTail.id())).singleElement().satisfies(e -> assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH));
        }

        // Feedback: the delta's tail feeds head input 0, the workset's tail input 1.
        assertThat(graph.feedbackEdges()).hasSize(2).allSatisfy(e -> assertThat(e.target()).isEqualTo(head.id()));
        assertThat(graph.feedbackEdges()).anySatisfy(e -> {
            assertThat(e.targetInput()).isEqualTo(0);
            assertThat(e.source()).isEqualTo(deltaTail.id());
        });
        assertThat(graph.feedbackEdges()).anySatisfy(e -> {
            assertThat(e.targetInput()).isEqualTo(1);
            assertThat(e.source()).isEqualTo(worksetTail.id());
        });
        for (JobEdge e : graph.edges()) {
            if (group.contains(e.source()) && group.contains(e.target()) && e.role() != EdgeRole.FEEDBACK) {
                assertThat(e.exchangeMode()).as("edge %s", e).isEqualTo(ExchangeMode.PIPELINED);
            }
        }
        assertThat(compiled.toJson()).contains("Components").contains(IterationKinds.SolutionSetJoin.NAME);
    }

    @Test
    void aJoinThatForwardsTheKeyLetsTheDeltaTailReadItWithoutAShuffle() {
        JobGraph graph = BatchCompiler.compile(connectedComponents(true).createProgramPlan()).toJobGraph();

        JobVertex join = vertexWith(graph, IterationKinds.SolutionSetJoin.NAME);
        assertThat(kinds(join)).contains(IterationKinds.SolutionSetDeltaTail.NAME, IterationKinds.WorksetTail.NAME);
    }

    @Test
    void aJoinWithTheSolutionSetAsFirstInputProbesWithItsSecondInput() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> counters = env.fromCollection(List.of(new Tuple2<>(1L, 0L), new Tuple2<>(2L, 0L))).name("Counters in");
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = counters.iterateDelta(counters, 7, 0).name("Counters");
        DataSet<Tuple2<Long, Long>> next = it.getSolutionSet().join(it.getWorkset()).where(0).equalTo(0).with(new Neighbour()).name("Count up");
        it.closeWith(next, next).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();

        JobVertex join = vertexWith(graph, IterationKinds.SolutionSetJoin.NAME);
        IterationKinds.SolutionSetJoin kind = (IterationKinds.SolutionSetJoin) join.head().descriptor(getClass().getClassLoader()).kind();
        assertThat(kind.solutionSetFirst()).isTrue();
        JobVertex head = graph.vertex(graph.groups().get(0).iteration().headVertex());
        JobEdge workset = graph.inputsOf(head.id()).stream().filter(e -> e.targetInput() == 1).findFirst().orElseThrow();
        assertThat(workset.exchangeMode()).as("the workset shares its producer with the solution set").isEqualTo(ExchangeMode.BLOCKING);
    }

    @Test
    void aCoGroupWithTheSolutionSetSortsItsOtherInputInTheLoopsLanes() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromElements(new Tuple2<>(1L, 1L));
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 3, 0).name("Loop");
        DataSet<Tuple2<Long, Long>> next = it.getWorkset().coGroup(it.getSolutionSet()).where(0).equalTo(0).with(new Both()).name("Both sides");
        it.closeWith(next, next).output(new NullOutputFormat<>());
        CompiledPlan compiled = BatchCompiler.compile(env.createProgramPlan());
        JobGraph graph = compiled.toJobGraph();

        JobVertex coGroup = vertexWith(graph, IterationKinds.SolutionSetCoGroup.NAME);
        IterationKinds.SolutionSetCoGroup kind = (IterationKinds.SolutionSetCoGroup) coGroup.head().descriptor(getClass().getClassLoader()).kind();
        assertThat(kind.solutionSetFirst()).isFalse();
        assertThat(coGroup.head().descriptor(getClass().getClassLoader()).memoryFraction()).as("it sorts").isPositive();
        assertThat(graph.groups().get(0).contains(coGroup.id())).isTrue();
    }

    /** A solution set keyed by a selector: its edges into the loop are hashed by the selector's key; lookups compare those keys. */
    @Test
    void aSolutionSetKeyedByAKeySelectorIsHashedAndLookedUpByTheSelectedKey() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromElements(new Tuple2<>(1L, 1L));
        io.eddy.api.common.functions.KeySelector<Tuple2<Long, Long>, Long> id = t -> t.f0;
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 3, id).name("Selected");
        DataSet<Tuple2<Long, Long>> next = it.getWorkset().join(it.getSolutionSet()).where(id).equalTo(id).with(new Smaller()).name("Probe");
        it.closeWith(next, next).output(new NullOutputFormat<>());
        JobGraph graph = BatchCompiler.compile(env.createProgramPlan()).toJobGraph();

        JobVertex head = graph.vertex(graph.groups().get(0).iteration().headVertex());
        IterationKinds.DeltaHead headKind = (IterationKinds.DeltaHead) head.head().descriptor(getClass().getClassLoader()).kind();
        assertThat(headKind.keys().isSelector()).isTrue();
        assertThat(graph.inputsOf(head.id()).stream().filter(e -> e.targetInput() == 0)).singleElement()
                .satisfies(e -> assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH));
        JobVertex join = vertexWith(graph, IterationKinds.SolutionSetJoin.NAME);
        IterationKinds.SolutionSetJoin joinKind = (IterationKinds.SolutionSetJoin) join.head().descriptor(getClass().getClassLoader()).kind();
        assertThat(joinKind.probeKeys().isSelector()).isTrue();
        assertThat(graph.inputsOf(join.id())).singleElement().satisfies(e -> assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH));
        JobVertex deltaTail = vertexWith(graph, IterationKinds.SolutionSetDeltaTail.NAME);
        if (deltaTail.id() != join.id()) {
            assertThat(graph.inputsOf(deltaTail.id())).singleElement().satisfies(e -> assertThat(e.shipStrategy()).isEqualTo(ShipStrategy.HASH));
        }
    }

    @Test
    void aSelectorKeyOfATypeThatCannotBeAKeyIsRefusedSayingWhatToDo() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromElements(new Tuple2<>(1L, 1L));

        assertThatThrownBy(() -> vertices.iterateDelta(vertices, 3, new AsList()))
                .isInstanceOf(io.eddy.api.common.typeutils.InvalidTypesException.class)
                .hasMessageContaining("iterateDelta")
                .hasMessageContaining("cannot be a key");
    }

    @Test
    void aDeltaThatDoesNotDependOnTheWorksetIsRefused() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromElements(new Tuple2<>(1L, 1L));
        DataSet<Tuple2<Long, Long>> fixed = env.fromElements(new Tuple2<>(1L, 0L)).name("Fixed");
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 3, 0).name("Loop");
        DataSet<Tuple2<Long, Long>> delta = fixed.join(it.getSolutionSet()).where(0).equalTo(0).with(new Smaller()).name("Static delta");
        it.closeWith(delta, it.getWorkset().join(fixed).where(0).equalTo(0).with(new Neighbour())).output(new NullOutputFormat<>());

        assertThatThrownBy(() -> BatchCompiler.compile(env.createProgramPlan()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Iteration 'Loop'")
                .hasMessageContaining("'Static delta'")
                .hasMessageContaining("workset");
    }
}
