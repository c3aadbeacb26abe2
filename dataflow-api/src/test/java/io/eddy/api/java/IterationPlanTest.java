package io.eddy.api.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.aggregators.DoubleSumAggregator;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.operators.BulkIterationBase;
import io.eddy.api.common.operators.DeltaIterationBase;
import io.eddy.api.common.operators.FilterOperatorBase;
import io.eddy.api.common.operators.IterationPlaceholder;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.MapOperatorBase;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.optimizer.BatchCompiler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The logical plans of bulk and delta iterations, and the plan-time rules of docs/iterations.md. */
class IterationPlanTest {

    static final class Increment implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    static final class BelowFive implements FilterFunction<Long> {
        @Override
        public boolean filter(Long value) {
            return value < 5;
        }
    }

    /** (vertex, component) joined with the solution set's (vertex, component): the smaller component. */
    static final class MinComponent implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> candidate, Tuple2<Long, Long> current) {
            return candidate.f1 < current.f1 ? candidate : current;
        }
    }

    static final class Swap implements MapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) {
            return new Tuple2<>(value.f1, value.f0);
        }
    }

    static final class FirstField implements KeySelector<Tuple2<Long, Long>, Long> {
        @Override
        public Long getKey(Tuple2<Long, Long> value) {
            return value.f0;
        }
    }

    private static ExecutionEnvironment env() {
        return ExecutionEnvironment.createLocalEnvironment(2);
    }

    private static <T> DataSink<T> discard(DataSet<T> set) {
        return set.output(new DiscardingOutputFormat<>());
    }

    private static <T extends LogicalOperator<?>> T only(Plan plan, Class<T> kind) {
        List<LogicalOperator<?>> found = plan.getOperators().stream().filter(kind::isInstance).toList();
        assertThat(found).as("operators of kind " + kind.getSimpleName()).hasSize(1);
        return kind.cast(found.get(0));
    }

    @SuppressWarnings("unchecked")
    private static DataSet<Tuple2<Long, Long>> pairs(ExecutionEnvironment env) {
        return env.fromElements(new Tuple2<>(1L, 1L), new Tuple2<>(2L, 2L), new Tuple2<>(3L, 3L));
    }

    // ---- bulk --------------------------------------------------------------------------------

    @Test
    void aBulkIterationIsOneNodeWithItsInputAndItsLoopBody() {
        ExecutionEnvironment env = env();
        DataSource<Long> initial = env.fromElements(1L, 2L, 3L);
        IterativeDataSet<Long> loop = initial.iterate(10).name("Loop").setParallelism(3)
                .registerAggregator("sum", new LongSumAggregator());
        DataSet<Long> next = loop.map(new Increment()).name("Next");
        DataSet<Long> criterion = next.filter(new BelowFive()).name("Criterion");
        discard(loop.closeWith(next, criterion));

        Plan plan = env.createProgramPlan();

        BulkIterationBase<?> iteration = only(plan, BulkIterationBase.class);
        assertThat(iteration.getName()).isEqualTo("Loop");
        assertThat(iteration.getParallelism()).isEqualTo(3);
        assertThat(iteration.getMaxIterations()).isEqualTo(10);
        assertThat(iteration.getAggregators().getAggregators()).containsOnlyKeys("sum");
        assertThat(iteration.getInputs()).hasSize(1);
        assertThat(iteration.getInput().getName()).isEqualTo(initial.getName());
        IterationPlaceholder<?> partialSolution = iteration.getPartialSolution();
        assertThat(partialSolution.getRole()).isEqualTo(IterationPlaceholder.Role.PARTIAL_SOLUTION);
        assertThat(partialSolution.describe()).isEqualTo("the partial solution of iteration 'Loop'");
        assertThat(partialSolution.getParallelism()).isEqualTo(3);
        assertThat(iteration.getNextPartialSolution()).isInstanceOf(MapOperatorBase.class);
        assertThat(iteration.getNextPartialSolution().getInputs()).containsExactly(partialSolution);
        assertThat(iteration.getTerminationCriterion()).isInstanceOf(FilterOperatorBase.class);
        assertThat(iteration.getTerminationCriterion().getInputs()).containsExactly(iteration.getNextPartialSolution());
        assertThat(partialSolution.getId()).as("ids: placeholder < body < iteration")
                .isLessThan(iteration.getNextPartialSolution().getId());
        assertThat(iteration.getNextPartialSolution().getId()).isLessThan(iteration.getId());
        assertThat(plan.getOperators()).as("the plan's walk does not enter the loop body").doesNotContain(partialSolution);
    }

    @Test
    void iterationSnapshotsGoIntoTheJobsSettings() {
        ExecutionEnvironment env = env().enableIterationSnapshots(4, "hdfs:///eddy/iterations");
        IterativeDataSet<Long> loop = env.fromElements(1L).iterate(10).name("Loop");
        discard(loop.closeWith(loop.map(new Increment())));
        assertThat(env.getJobGraph("snapshots").settings()).containsEntry("iteration.snapshots.interval", "4")
                .containsEntry("iteration.snapshots.dir", "hdfs:///eddy/iterations");
        assertThatThrownBy(() -> env().enableIterationSnapshots(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("every 0 supersteps");
    }

    @Test
    void maxIterationsBelowOneIsRefused() {
        assertThatThrownBy(() -> env().fromElements(1L).iterate(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxIterations 0");
    }

    @Test
    void aLoopIsClosedOnce() {
        IterativeDataSet<Long> loop = env().fromElements(1L).iterate(2).name("Twice");
        DataSet<Long> next = loop.map(new Increment());
        loop.closeWith(next);
        assertThatThrownBy(() -> loop.closeWith(next))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'Twice' is closed already");
    }

    @Test
    void aLoopClosedWithDataThatDoesNotReadThePartialSolutionIsRefused() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> loop = env.fromElements(1L).iterate(5).name("Constant");
        discard(loop.closeWith(env.fromElements(7L).map(new Increment()).name("Elsewhere")));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Iteration 'Constant' is closed with next partial solution 'Elsewhere', which does not read the"
                        + " iteration's partial solution");
    }

    @Test
    void aLoopThatIsNeverClosedIsNamed() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> loop = env.fromElements(1L).iterate(5).name("Open");
        discard(loop.map(new Increment()).name("Body"));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Iteration 'Open' is never closed, but its partial solution is read by 'Body'")
                .hasMessageContaining("closeWith");
    }

    @Test
    void aBodyDataSetReadOutsideTheLoopIsRefusedWhicheverSinkComesFirst() {
        for (boolean bodySinkFirst : new boolean[] {true, false}) {
            ExecutionEnvironment env = env();
            IterativeDataSet<Long> loop = env.fromElements(1L).iterate(5).name("Loop");
            DataSet<Long> next = loop.map(new Increment()).name("Next");
            DataSet<Long> result = loop.closeWith(next);
            if (bodySinkFirst) {
                discard(next.filter(new BelowFive()).name("Outside"));
                discard(result);
            } else {
                discard(result);
                discard(next.filter(new BelowFive()).name("Outside"));
            }
            assertThatThrownBy(env::createProgramPlan).as("body sink first: " + bodySinkFirst)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("partial solution of iteration 'Loop' is read outside its loop, by 'Next' (read by 'Outside'")
                    .hasMessageContaining("closeWith(...) returns");
        }
    }

    @Test
    void nestedIterationsAreRefused() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> outer = env.fromElements(1L).iterate(5).name("Outer");
        IterativeDataSet<Long> inner = outer.map(new Increment()).iterate(3).name("Inner");
        discard(outer.closeWith(inner.closeWith(inner.map(new Increment()))));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Iteration 'Inner' runs inside the loop body of iteration 'Outer'")
                .hasMessageContaining("iterations do not nest");
    }

    @Test
    void anotherIterationsResultIsAStaticInputOfALoop() {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> first = env.fromElements(1L).iterate(2).name("First");
        DataSet<Long> firstResult = first.closeWith(first.map(new Increment()));
        DataSet<Long> constants = env.fromElements(5L).map(new Increment()).name("Constants");
        IterativeDataSet<Long> second = env.fromElements(1L).iterate(3).name("Second");
        DataSet<Long> next = second.map(new Increment()).withBroadcastSet(firstResult, "first").withBroadcastSet(constants, "c");
        discard(second.closeWith(next));
        discard(constants);

        Plan plan = env.createProgramPlan();

        assertThat(plan.getOperators()).filteredOn(BulkIterationBase.class::isInstance).hasSize(1);
        BulkIterationBase<?> loop = only(plan, BulkIterationBase.class);
        assertThat(loop.getNextPartialSolution().getBroadcastInputs().get("first")).isInstanceOf(BulkIterationBase.class);
    }

    // ---- delta -------------------------------------------------------------------------------

    @Test
    void aDeltaIterationHasItsKeysPlaceholdersDeltaAndNextWorkset() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DataSet<Tuple2<Long, Long>> edges = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 7, 0)
                .name("Components").parallelism(2).setSolutionSetUnManaged(true);
        DataSet<Tuple2<Long, Long>> candidates = iteration.getWorkset().join(edges).where(0).equalTo(0).with(
                (JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>>) (w, e) -> new Tuple2<>(e.f1, w.f1))
                .returns(vertices.getType()).name("Candidates");
        DataSet<Tuple2<Long, Long>> delta = candidates.join(iteration.getSolutionSet()).where(0).equalTo(0).with(new MinComponent())
                .name("Delta");
        discard(iteration.closeWith(delta, delta));

        Plan plan = env.createProgramPlan();

        DeltaIterationBase<?, ?> loop = only(plan, DeltaIterationBase.class);
        assertThat(loop.getName()).isEqualTo("Components");
        assertThat(loop.getParallelism()).isEqualTo(2);
        assertThat(loop.getMaxIterations()).isEqualTo(7);
        assertThat(loop.isSolutionSetUnManaged()).isTrue();
        assertThat(loop.getSolutionSetKeys().getFlatPositions()).containsExactly(0);
        assertThat(loop.getInputs()).hasSize(2);
        assertThat(loop.getSolutionSet().getRole()).isEqualTo(IterationPlaceholder.Role.SOLUTION_SET);
        assertThat(loop.getWorkset().getRole()).isEqualTo(IterationPlaceholder.Role.WORKSET);
        JoinOperatorBase<?, ?, ?> deltaJoin = (JoinOperatorBase<?, ?, ?>) loop.getSolutionSetDelta();
        assertThat(deltaJoin.getSecondInput().operator()).isSameAs(loop.getSolutionSet());
        assertThat(loop.getNextWorkset()).isSameAs(deltaJoin);
        JoinOperatorBase<?, ?, ?> candidatesJoin = (JoinOperatorBase<?, ?, ?>) deltaJoin.getFirstInput().operator();
        assertThat(candidatesJoin.getFirstInput().operator()).isSameAs(loop.getWorkset());
    }

    @Test
    void aDeltaIterationKeyedByASelectorAcceptsALookupWithTheSameSelector() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 3, new FirstField());
        DataSet<Tuple2<Long, Long>> delta = iteration.getWorkset().join(iteration.getSolutionSet()).where(new FirstField())
                .equalTo(new FirstField()).with(new MinComponent());
        discard(iteration.closeWith(delta, delta));

        assertThat(only(env.createProgramPlan(), DeltaIterationBase.class).getSolutionSetKeys().isSelectorKeys()).isTrue();
    }

    @Test
    void aSolutionSetLookupOnOtherKeysIsRefused() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 3, 0).name("CC");
        DataSet<Tuple2<Long, Long>> delta = iteration.getWorkset().join(iteration.getSolutionSet()).where(0).equalTo(1)
                .with(new MinComponent()).name("Lookup");
        discard(iteration.closeWith(delta, delta));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Operator 'Lookup' reads the solution set of iteration 'CC' on keys")
                .hasMessageContaining("must use the iteration's keys");
    }

    @Test
    void theSolutionSetIsReadOnlyByJoinsAndCoGroups() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 3, 0).name("CC");
        DataSet<Tuple2<Long, Long>> swapped = iteration.getSolutionSet().map(new Swap()).name("Scan");
        DataSet<Tuple2<Long, Long>> next = iteration.getWorkset().union(swapped);
        discard(iteration.closeWith(next, next));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Operator 'Scan' reads the solution set of iteration 'CC' as an input of a map")
                .hasMessageContaining("read only by a join or coGroup");
    }

    @Test
    void theSolutionSetReadOutsideItsLoopIsRefused() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 3, 0).name("CC");
        DataSet<Tuple2<Long, Long>> delta = iteration.getWorkset().join(iteration.getSolutionSet()).where(0).equalTo(0)
                .with(new MinComponent());
        discard(iteration.closeWith(delta, delta));
        discard(iteration.getSolutionSet().map(new Swap()).name("Peek"));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("solution set of iteration 'CC' is read outside its loop, by 'Peek'");
    }

    @Test
    void aDeltaLoopWhoseNextWorksetReadsNothingOfTheLoopIsRefused() {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = pairs(env);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> iteration = vertices.iterateDelta(vertices, 3, 0).name("CC");
        DataSet<Tuple2<Long, Long>> delta = iteration.getWorkset().join(iteration.getSolutionSet()).where(0).equalTo(0)
                .with(new MinComponent());
        discard(iteration.closeWith(delta, pairs(env).map(new Swap()).name("Fixed")));
        assertThatThrownBy(env::createProgramPlan)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Iteration 'CC' is closed with next workset 'Fixed', which does not read the iteration's"
                        + " solution set or workset");
    }

    // ---- aggregators -------------------------------------------------------------------------

    @Test
    void aggregatorNamesAreUniqueAndThereIsOneConvergenceCriterion() {
        IterativeDataSet<Long> loop = env().fromElements(1L).iterate(2).name("Loop");
        loop.registerAggregator("sum", new LongSumAggregator());
        assertThatThrownBy(() -> loop.registerAggregator("sum", new DoubleSumAggregator()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'sum' is already registered");
        loop.registerAggregationConvergenceCriterion("delta", new DoubleSumAggregator(), (superstep, value) -> value < 1e-9);
        assertThatThrownBy(() -> loop.registerAggregationConvergenceCriterion("other", new LongSumAggregator(), (s, v) -> v == 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("over aggregator 'delta'");
        assertThat(loop.getAggregators().getConvergenceAggregatorName()).isEqualTo("delta");
        assertThat(loop.getAggregators().getAggregators()).containsOnlyKeys("sum", "delta");
    }
}
