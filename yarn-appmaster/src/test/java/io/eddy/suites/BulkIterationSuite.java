package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.aggregators.ConvergenceCriterion;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.testkit.deployment.TestDeployment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Bulk iterations (docs/iterations.md) written once and run on every deployment: the loop runs
 * inside one job, superstep after superstep, and its result equals a plain sequential computation
 * of the same loop.
 */
public abstract class BulkIterationSuite {

    /** The deployment of the subclass. */
    protected abstract TestDeployment deployment();

    private ExecutionEnvironment env() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        return env;
    }

    @Test
    void aLoopRunsItsMaximumNumberOfSupersteps() throws Exception {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> loop = env.fromCollection(LongStream.rangeClosed(1, 100).boxed().toList()).iterate(10).name("Count up");
        List<Long> result = new ArrayList<>(loop.closeWith(loop.map(new Increment())).collect());

        result.sort(Comparator.naturalOrder());
        assertThat(result).isEqualTo(LongStream.rangeClosed(11, 110).boxed().toList());
    }

    @Test
    void anEmptyTerminationCriterionEndsTheLoopAfterItsSuperstep() throws Exception {
        ExecutionEnvironment env = env();
        IterativeDataSet<Long> loop = env.fromElements(1L, 3L).iterate(100).name("Doubling");
        DataSet<Long> next = loop.map(new Twice());
        List<Long> result = new ArrayList<>(loop.closeWith(next, next.filter(new Below(500))).collect());

        // Superstep s gives 2^s and 3 * 2^s; in superstep 9 no record is below 500 any more.
        result.sort(Comparator.naturalOrder());
        assertThat(result).containsExactly(512L, 1536L);
    }

    @Test
    void aggregatorsReachTheNextSuperstepAndAConvergenceCriterionEndsTheLoop() throws Exception {
        ExecutionEnvironment env = env();
        IterativeDataSet<Tuple2<Long, Long>> loop = env.fromCollection(List.of(new Tuple2<>(1L, 0L), new Tuple2<>(2L, 0L),
                new Tuple2<>(3L, 0L), new Tuple2<>(4L, 0L))).iterate(50).name("Growing")
                .registerAggregationConvergenceCriterion("total", new LongSumAggregator(), new TotalAbove(100));
        List<Tuple2<Long, Long>> result = loop.closeWith(loop.map(new AddSuperstep())).collect();

        // After s supersteps each value is s(s+1)/2 and the total 2s(s+1): above 100 first in superstep 7.
        assertThat(result).hasSize(4).allSatisfy(t -> assertThat(t.f1).isEqualTo(28L));
    }

    @Test
    void aStaticInputIsJoinedInEverySuperstep() throws Exception {
        long[][] edges = {{1, 2}, {2, 3}, {3, 4}, {1, 5}, {5, 6}, {6, 4}, {4, 7}, {8, 9}, {7, 10}, {10, 11}};
        ExecutionEnvironment env = env();
        List<Tuple2<Long, Long>> edgeList = Arrays.stream(edges).map(e -> new Tuple2<>(e[0], e[1])).toList();
        DataSet<Tuple2<Long, Long>> edgeSet = env.fromCollection(edgeList);
        List<Tuple2<Long, Long>> initial = LongStream.rangeClosed(1, 11).mapToObj(v -> new Tuple2<>(v, v == 1 ? 0L : UNREACHED)).toList();
        IterativeDataSet<Tuple2<Long, Long>> distances = env.fromCollection(initial).iterate(6).name("Hops");
        DataSet<Tuple2<Long, Long>> reached = distances.join(edgeSet).where(0).equalTo(0).with(new Hop()).name("Hop");
        DataSet<Tuple2<Long, Long>> next = reached.union(distances).groupBy(0).reduce(new Shorter()).name("Shortest");
        Map<Long, Long> result = toMap(distances.closeWith(next).collect());

        assertThat(result).isEqualTo(hopsSequentially(edges, 11, 6));
    }

    /**
     * The same loop with the static input merged by sorting drivers: a sort-merge join and a
     * co-group keep the edges sorted from superstep 1 and merge each later superstep with them.
     */
    @Test
    void aStaticInputIsKeptSortedBySortMergeJoinAndCoGroup() throws Exception {
        long[][] edges = {{1, 2}, {2, 3}, {3, 4}, {1, 5}, {5, 6}, {6, 4}, {4, 7}, {8, 9}, {7, 10}, {10, 11}, {2, 12}, {12, 13}};
        List<Tuple2<Long, Long>> edgeList = Arrays.stream(edges).map(e -> new Tuple2<>(e[0], e[1])).toList();
        List<Tuple2<Long, Long>> initial = LongStream.rangeClosed(1, 13).mapToObj(v -> new Tuple2<>(v, v == 1 ? 0L : UNREACHED)).toList();
        for (boolean coGroup : new boolean[] {false, true}) {
            ExecutionEnvironment env = env();
            DataSet<Tuple2<Long, Long>> edgeSet = env.fromCollection(edgeList);
            IterativeDataSet<Tuple2<Long, Long>> distances = env.fromCollection(initial).iterate(7).name("Hops");
            DataSet<Tuple2<Long, Long>> reached = coGroup
                    ? distances.coGroup(edgeSet).where(0).equalTo(0).with(new HopGroup()).name("Hop")
                    : distances.join(edgeSet, JoinHint.REPARTITION_SORT_MERGE).where(0).equalTo(0).with(new Hop()).name("Hop");
            DataSet<Tuple2<Long, Long>> next = reached.union(distances).groupBy(0).reduce(new Shorter()).name("Shortest");
            Map<Long, Long> result = toMap(distances.closeWith(next).collect());

            assertThat(result).as(coGroup ? "co-group" : "sort-merge join").isEqualTo(hopsSequentially(edges, 13, 7));
        }
    }

    @Test
    void aBroadcastSetComputedInTheLoopIsReadAfreshEverySuperstep() throws Exception {
        List<Double> points = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            points.add((double) i);
            points.add(100.0 + i);
        }
        ExecutionEnvironment env = env();
        DataSet<Double> pointSet = env.fromCollection(points);
        IterativeDataSet<Tuple2<Integer, Double>> centroids = env.fromElements(new Tuple2<>(0, 0.0), new Tuple2<>(1, 30.0)).iterate(5)
                .name("Centroids");
        DataSet<Tuple2<Integer, Double>> moved = pointSet.map(new Nearest()).withBroadcastSet(centroids, "centroids").name("Assign")
                .groupBy(0).reduce(new SumPoints()).name("Sum").map(new Mean()).name("Mean");
        Map<Integer, Double> result = new HashMap<>();
        centroids.closeWith(moved).collect().forEach(t -> result.put(t.f0, t.f1));

        assertThat(result).isEqualTo(kMeansSequentially(points, new double[] {0.0, 30.0}, 5));
    }

    // ---- the functions --------------------------------------------------------------------

    static final long UNREACHED = 1_000_000;

    /**
     * A self-join in the loop: the join builds the partial solution and probes with a map of it,
     * so its probe input is superstep-buffered; 200,000 records per superstep are far more than the
     * network buffers hold, so without the buffer the producer would wait on the probe side forever.
     */
    @Test
    void aSelfJoinInTheLoopReadsItsSecondInputFromASuperstepBuffer() throws Exception {
        ExecutionEnvironment env = env();
        long n = 200_000;
        IterativeDataSet<Tuple2<Long, Long>> loop = env.fromCollection(LongStream.range(0, n).mapToObj(k -> new Tuple2<>(k, 1L)).toList())
                .iterate(3).name("Self");
        DataSet<Tuple2<Long, Long>> shifted = loop.map(new AddKey()).name("Shifted");
        DataSet<Tuple2<Long, Long>> next = loop.join(shifted).where(0).equalTo(0).with(new SumValues()).name("Self join");
        List<Tuple2<Long, Long>> result = loop.closeWith(next).collect();

        // Each superstep: v -> v + (v + k); after 3 supersteps from 1: 2 + k, then 4 + 3k, then 8 + 7k.
        assertThat(result).hasSize((int) n).allSatisfy(t -> assertThat(t.f1).as("key %d", t.f0).isEqualTo(8 + 7 * t.f0));
    }

    /** A broadcast set computed from the partial solution beside the partial solution itself: the data input is superstep-buffered. */
    @Test
    void aMapWithABroadcastSetOfItsOwnInputInTheLoopSeesTheWholeSuperstep() throws Exception {
        ExecutionEnvironment env = env();
        long n = 100_000;
        IterativeDataSet<Long> loop = env.fromCollection(LongStream.range(0, n).map(k -> 1L).boxed().toList()).iterate(4).name("Normalize");
        DataSet<Long> total = loop.reduce(new Sum()).name("Total");
        DataSet<Long> next = loop.map(new PlusTotal()).withBroadcastSet(total, "total").name("Plus total");
        List<Long> result = loop.closeWith(next).collect();

        // Every value equal: v -> v + n v = (n + 1) v per superstep.
        long expected = 1;
        for (int s = 0; s < 4; s++) {
            expected = expected + n * expected;
        }
        long value = expected;
        assertThat(result).hasSize((int) n).allSatisfy(v -> assertThat(v).isEqualTo(value));
    }

    /** {@link Hop} as a co-group: every edge of a vertex that has a distance gets one more hop. */
    static final class HopGroup implements CoGroupFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void coGroup(Iterable<Tuple2<Long, Long>> vertex, Iterable<Tuple2<Long, Long>> out, Collector<Tuple2<Long, Long>> collector) {
            for (Tuple2<Long, Long> v : vertex) {
                for (Tuple2<Long, Long> e : out) {
                    collector.collect(Tuple2.of(e.f1, Math.min(UNREACHED, v.f1 + 1)));
                }
            }
        }
    }

    static final class AddKey implements MapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> t) {
            return Tuple2.of(t.f0, t.f1 + t.f0);
        }
    }

    static final class SumValues implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return Tuple2.of(a.f0, a.f1 + b.f1);
        }
    }

    static final class Sum implements ReduceFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long reduce(Long a, Long b) {
            return a + b;
        }
    }

    static final class PlusTotal extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private transient long total;

        @Override
        public void open() {
            List<Long> values = getRuntimeContext().getBroadcastVariable("total");
            total = values.get(0);
        }

        @Override
        public Long map(Long v) {
            return v + total;
        }
    }

    static final class Increment implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    static final class Twice implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value * 2;
        }
    }

    static final class Below implements FilterFunction<Long> {
        private final long bound;

        Below(long bound) {
            this.bound = bound;
        }

        @Override
        public boolean filter(Long value) {
            return value < bound;
        }
    }

    /**
     * Adds the superstep number to the value and the new value to aggregator {@code total}; fails
     * the job if the previous superstep's combined total is not 2(s−1)s.
     */
    static final class AddSuperstep extends RichMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) {
            int superstep = getIterationRuntimeContext().getSuperstepNumber();
            Long previous = getIterationRuntimeContext().getPreviousIterationAggregate("total");
            long expected = 2L * (superstep - 1) * superstep;
            if (superstep == 1 ? previous != null : previous == null || previous != expected) {
                throw new IllegalStateException("superstep " + superstep + ": previous total " + previous + ", expected " + expected);
            }
            long next = value.f1 + superstep;
            LongSumAggregator total = getIterationRuntimeContext().getIterationAggregator("total");
            total.aggregate(next);
            return new Tuple2<>(value.f0, next);
        }
    }

    static final class TotalAbove implements ConvergenceCriterion<Long> {
        private final long bound;

        TotalAbove(long bound) {
            this.bound = bound;
        }

        @Override
        public boolean isConverged(int superstep, Long total) {
            return total > bound;
        }
    }

    static final class Hop implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> distance, Tuple2<Long, Long> edge) {
            return new Tuple2<>(edge.f1, Math.min(UNREACHED, distance.f1 + 1));
        }
    }

    static final class Shorter implements ReduceFunction<Tuple2<Long, Long>> {
        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return a.f1 <= b.f1 ? a : b;
        }
    }

    /** A point to (index of the nearest centroid of broadcast set {@code centroids}, point, 1). */
    static final class Nearest extends RichMapFunction<Double, Tuple3<Integer, Double, Long>> {
        private List<Tuple2<Integer, Double>> centroids;

        @Override
        public void open() {
            centroids = getRuntimeContext().getBroadcastVariable("centroids");
        }

        @Override
        public Tuple3<Integer, Double, Long> map(Double point) {
            Tuple2<Integer, Double> best = null;
            for (Tuple2<Integer, Double> c : centroids) {
                if (best == null || Math.abs(point - c.f1) < Math.abs(point - best.f1)
                        || (Math.abs(point - c.f1) == Math.abs(point - best.f1) && c.f0 < best.f0)) {
                    best = c;
                }
            }
            return new Tuple3<>(best.f0, point, 1L);
        }
    }

    static final class SumPoints implements ReduceFunction<Tuple3<Integer, Double, Long>> {
        @Override
        public Tuple3<Integer, Double, Long> reduce(Tuple3<Integer, Double, Long> a, Tuple3<Integer, Double, Long> b) {
            return new Tuple3<>(a.f0, a.f1 + b.f1, a.f2 + b.f2);
        }
    }

    static final class Mean implements MapFunction<Tuple3<Integer, Double, Long>, Tuple2<Integer, Double>> {
        @Override
        public Tuple2<Integer, Double> map(Tuple3<Integer, Double, Long> sum) {
            return new Tuple2<>(sum.f0, sum.f1 / sum.f2);
        }
    }

    // ---- the sequential references ---------------------------------------------------------

    private static Map<Long, Long> toMap(List<Tuple2<Long, Long>> pairs) {
        Map<Long, Long> map = new HashMap<>();
        for (Tuple2<Long, Long> p : pairs) {
            assertThat(map.put(p.f0, p.f1)).as("vertex %d once", p.f0).isNull();
        }
        return map;
    }

    /** Hop distances from vertex 1 after {@code rounds} rounds of relaxing every edge once, as the loop does. */
    private static Map<Long, Long> hopsSequentially(long[][] edges, int vertices, int rounds) {
        Map<Long, Long> distance = new HashMap<>();
        for (long v = 1; v <= vertices; v++) {
            distance.put(v, v == 1 ? 0L : UNREACHED);
        }
        for (int round = 0; round < rounds; round++) {
            Map<Long, Long> next = new HashMap<>(distance);
            for (long[] e : edges) {
                next.merge(e[1], Math.min(UNREACHED, distance.get(e[0]) + 1), Math::min);
            }
            distance = next;
        }
        return distance;
    }

    /** Lloyd's k-means in one dimension for {@code rounds} rounds; a centroid without points disappears, as in the loop. */
    private static Map<Integer, Double> kMeansSequentially(List<Double> points, double[] start, int rounds) {
        Map<Integer, Double> centroids = new HashMap<>();
        for (int i = 0; i < start.length; i++) {
            centroids.put(i, start[i]);
        }
        for (int round = 0; round < rounds; round++) {
            Map<Integer, double[]> sums = new HashMap<>();
            for (double p : points) {
                int best = -1;
                for (Map.Entry<Integer, Double> c : centroids.entrySet()) {
                    double d = Math.abs(p - c.getValue());
                    if (best < 0 || d < Math.abs(p - centroids.get(best)) || (d == Math.abs(p - centroids.get(best)) && c.getKey() < best)) {
                        best = c.getKey();
                    }
                }
                double[] s = sums.computeIfAbsent(best, k -> new double[2]);
                s[0] += p;
                s[1] += 1;
            }
            Map<Integer, Double> next = new HashMap<>();
            sums.forEach((k, s) -> next.put(k, s[0] / s[1]));
            centroids = next;
        }
        return centroids;
    }
}
