package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.DeltaIteration;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Delta iterations (docs/iterations.md) written once and run on every deployment: the solution set
 * stays in its lanes, is joined without a shuffle and updated by the delta, and the loop ends when
 * its workset is empty or after its maximum of supersteps; results equal a plain sequential
 * computation.
 */
public abstract class DeltaIterationSuite {

    /** The deployment of the subclass. */
    protected abstract TestDeployment deployment();

    private ExecutionEnvironment env() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        return env;
    }

    @Test
    void connectedComponentsWithAManagedSolutionSetEndWhenTheWorksetIsEmpty() throws Exception {
        assertComponents(false);
    }

    @Test
    void connectedComponentsWithASolutionSetOnTheHeapGiveTheSameResult() throws Exception {
        assertComponents(true);
    }

    @Test
    void eachSuperstepSeesTheUpdatesOfThePreviousOneAndTheLoopStopsAtItsMaximum() throws Exception {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> counters = env.fromCollection(LongStream.rangeClosed(1, 50).mapToObj(k -> new Tuple2<>(k, 0L)).toList());
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = counters.iterateDelta(counters, 7, 0).name("Counters");
        // The solution set is the join's first input here: its record comes first.
        DataSet<Tuple2<Long, Long>> next = it.getSolutionSet().join(it.getWorkset()).where(0).equalTo(0).with(new CountUp()).name("Count up");
        List<Tuple2<Long, Long>> result = it.closeWith(next, next).collect();

        // Superstep s reads the value superstep s - 1 wrote: 7 supersteps count to 7 (without the updates every value would be 1).
        assertThat(result).hasSize(50).allSatisfy(t -> assertThat(t.f1).isEqualTo(7L));
    }

    @Test
    void anEmptyInitialWorksetEndsTheLoopAfterItsFirstSuperstepWithTheInitialSolutionSet() throws Exception {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> counters = env.fromCollection(LongStream.rangeClosed(1, 10).mapToObj(k -> new Tuple2<>(k, k * k)).toList());
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = counters.iterateDelta(counters.filter(new None()), 5, 0).name("Idle");
        DataSet<Tuple2<Long, Long>> next = it.getSolutionSet().join(it.getWorkset()).where(0).equalTo(0).with(new CountUp());
        Map<Long, Long> result = toMap(it.closeWith(next, next).collect());

        assertThat(result).hasSize(10).allSatisfy((k, v) -> assertThat(v).isEqualTo(k * k));
    }

    @Test
    void aCoGroupWithTheSolutionSetSeesEachGroupOnceAndItsDeltaAddsKeysTheSetDidNotHold() throws Exception {
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> solution = env.fromCollection(LongStream.rangeClosed(1, 20).mapToObj(k -> new Tuple2<>(k, 0L)).toList());
        List<Tuple2<Long, Long>> work = new ArrayList<>();
        for (long k = 1; k <= 30; k++) {
            work.add(new Tuple2<>(k, 1L));
            work.add(new Tuple2<>(k, 1L));
        }
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = solution.iterateDelta(env.fromCollection(work), 3, 0).name("Sums");
        DataSet<Tuple2<Long, Long>> next = it.getWorkset().coGroup(it.getSolutionSet()).where(0).equalTo(0).with(new AddGroup()).name("Add");
        Map<Long, Long> result = toMap(it.closeWith(next, next).collect());

        // Superstep 1: 0 (or no record) + 1 + 1 = 2; then each value doubles: 4, 8. Keys 21..30 were added by the delta.
        assertThat(result).hasSize(30).allSatisfy((k, v) -> assertThat(v).as("key %d", k).isEqualTo(8L));
    }

    @Test
    void aSolutionSetKeyedByAKeySelectorGivesTheComponentsOfOneKeyedByField() throws Exception {
        assertComponentsKeyedBy(new VertexOf(), 13);
    }

    /** A tuple key from a selector: (vertex, vertex mod 2) identifies a vertex as well; lookups compare both fields. */
    @Test
    void aSolutionSetKeyedByASelectorOfATupleKeyGivesTheSameComponents() throws Exception {
        assertComponentsKeyedBy(new VertexAndParity(), 17);
    }

    private <K> void assertComponentsKeyedBy(KeySelector<Tuple2<Long, Long>, K> key, long seed) throws Exception {
        long vertexCount = 300;
        List<Tuple2<Long, Long>> edges = randomEdges(vertexCount, 200, seed);
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromCollection(LongStream.range(0, vertexCount).boxed().toList()).map(new OwnComponent());
        DataSet<Tuple2<Long, Long>> undirected = env.fromCollection(edges).flatMap(new BothDirections());
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 100, key).name("Selected components");
        DataSet<Tuple2<Long, Long>> changes = it.getWorkset().join(undirected).where(0).equalTo(0).with(new Neighbour()).name("Tell neighbours")
                .groupBy(0).reduce(new Min()).name("Smallest candidate")
                .join(it.getSolutionSet()).where(key).equalTo(key).with(new Smaller()).name("Smaller than current");
        Map<Long, Long> result = toMap(it.closeWith(changes, changes).collect());

        assertThat(result).isEqualTo(componentsSequentially(vertexCount, edges));
    }

    private void assertComponents(boolean unmanaged) throws Exception {
        long vertexCount = 300;
        List<Tuple2<Long, Long>> edges = randomEdges(vertexCount, 200, 11);
        ExecutionEnvironment env = env();
        DataSet<Tuple2<Long, Long>> vertices = env.fromCollection(LongStream.range(0, vertexCount).boxed().toList()).map(new OwnComponent());
        DataSet<Tuple2<Long, Long>> undirected = env.fromCollection(edges).flatMap(new BothDirections());
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = vertices.iterateDelta(vertices, 100, 0).name("Components")
                .setSolutionSetUnManaged(unmanaged);
        DataSet<Tuple2<Long, Long>> changes = it.getWorkset().join(undirected).where(0).equalTo(0).with(new Neighbour()).name("Tell neighbours")
                .groupBy(0).reduce(new Min()).name("Smallest candidate")
                .join(it.getSolutionSet()).where(0).equalTo(0).with(new Smaller()).withForwardedFieldsFirst("f0").name("Smaller than current");
        Map<Long, Long> result = toMap(it.closeWith(changes, changes).collect());

        assertThat(result).isEqualTo(componentsSequentially(vertexCount, edges));
    }

    // ---- references -----------------------------------------------------------------------

    static List<Tuple2<Long, Long>> randomEdges(long vertexCount, int edgeCount, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Tuple2<Long, Long>> edges = new ArrayList<>();
        for (int i = 0; i < edgeCount; i++) {
            edges.add(new Tuple2<>(random.nextLong(vertexCount), random.nextLong(vertexCount)));
        }
        return edges;
    }

    /** Each vertex and the smallest vertex id of its component (union-find). */
    static Map<Long, Long> componentsSequentially(long vertexCount, List<Tuple2<Long, Long>> edges) {
        long[] parent = LongStream.range(0, vertexCount).toArray();
        for (Tuple2<Long, Long> e : edges) {
            int a = root(parent, e.f0.intValue());
            int b = root(parent, e.f1.intValue());
            parent[Math.max(a, b)] = Math.min(a, b);
        }
        Map<Long, Long> components = new HashMap<>();
        for (int v = 0; v < vertexCount; v++) {
            components.put((long) v, (long) root(parent, v));
        }
        return components;
    }

    private static int root(long[] parent, int v) {
        while (parent[v] != v) {
            v = (int) parent[v];
        }
        return v;
    }

    private static Map<Long, Long> toMap(List<Tuple2<Long, Long>> pairs) {
        Map<Long, Long> map = new HashMap<>();
        for (Tuple2<Long, Long> p : pairs) {
            assertThat(map.put(p.f0, p.f1)).as("key %s appears once in the solution set", p.f0).isNull();
        }
        return map;
    }

    // ---- the functions --------------------------------------------------------------------

    /** The vertex of a {@code (vertex, component)} record, as a key selector. */
    static final class VertexOf implements KeySelector<Tuple2<Long, Long>, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long getKey(Tuple2<Long, Long> record) {
            return record.f0;
        }
    }

    /** {@code (vertex, vertex mod 2)} of a {@code (vertex, component)} record: a tuple key. */
    static final class VertexAndParity implements KeySelector<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> getKey(Tuple2<Long, Long> record) {
            return Tuple2.of(record.f0, record.f0 % 2);
        }
    }

    static final class OwnComponent implements MapFunction<Long, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Long v) {
            return new Tuple2<>(v, v);
        }
    }

    static final class BothDirections implements FlatMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void flatMap(Tuple2<Long, Long> e, Collector<Tuple2<Long, Long>> out) {
            out.collect(new Tuple2<>(e.f0, e.f1));
            out.collect(new Tuple2<>(e.f1, e.f0));
        }
    }

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

    /** A candidate smaller than the vertex's current component is a change. */
    static final class Smaller implements FlatJoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void join(Tuple2<Long, Long> candidate, Tuple2<Long, Long> current, Collector<Tuple2<Long, Long>> out) {
            if (candidate.f1 < current.f1) {
                out.collect(candidate);
            }
        }
    }

    /** (key, n) from the solution set and the workset's record: (key, n + 1). */
    static final class CountUp implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> current, Tuple2<Long, Long> work) {
            return new Tuple2<>(current.f0, current.f1 + 1);
        }
    }

    /** The workset group of a key and its solution-set record (if any): (key, current + sum of the group). */
    static final class AddGroup implements CoGroupFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public void coGroup(Iterable<Tuple2<Long, Long>> work, Iterable<Tuple2<Long, Long>> current, Collector<Tuple2<Long, Long>> out) {
            long key = -1;
            long sum = 0;
            for (Tuple2<Long, Long> w : work) {
                key = w.f0;
                sum += w.f1;
            }
            for (Tuple2<Long, Long> c : current) {
                sum += c.f1;
            }
            out.collect(new Tuple2<>(key, sum));
        }
    }

    static final class None implements FilterFunction<Tuple2<Long, Long>> {
        @Override
        public boolean filter(Tuple2<Long, Long> value) {
            return false;
        }
    }
}
