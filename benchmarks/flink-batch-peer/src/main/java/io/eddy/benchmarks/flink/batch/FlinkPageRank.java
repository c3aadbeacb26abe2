package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.iteration.PageRankReference;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.aggregators.ConvergenceCriterion;
import org.apache.flink.api.common.aggregators.DoubleSumAggregator;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.GroupReduceFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.functions.RichFlatJoinFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.operators.base.ReduceOperatorBase.CombineHint;
import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.operators.IterativeDataSet;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.core.fs.FileSystem.WriteMode;
import org.apache.flink.types.DoubleValue;
import org.apache.flink.util.Collector;

/**
 * PageRank on Flink 1.20's DataSet API, the computation of Eddy's example {@code
 * io.eddy.examples.iteration.PageRank} step for step: adjacency lists {@code (vertex, long[])} built
 * once before the loop from the edges and one existence record per vertex id; per superstep the
 * ranks joined with them send {@code rank/outDegree} to each neighbour and a self record with the
 * vertex's share of the dangling mass, old rank and dangling flag, summed per vertex, then {@link
 * PageRankReference#newRank}. The dangling mass of superstep 1 comes from the count of dangling
 * vertices (a broadcast set), later ones from the aggregator {@value #DANGLING} of the previous
 * superstep; the aggregator {@value #DELTA} with the convergence criterion "total change below
 * epsilon" is registered as in the example (epsilon 0: it never holds, so every superstep runs).
 * The sums use Flink's hash combiner. Ranks are written as {@code vertex,rank} lines.
 */
final class FlinkPageRank {

    static final String DANGLING = "dangling";
    static final String DELTA = "delta";
    static final String DANGLING_COUNT = "dangling-count";
    private static final long NO_NEIGHBOUR = -1L;

    /** What one run found. */
    record Outcome(long netRuntimeMillis, List<Long> superstepMillis) {}

    private FlinkPageRank() {}

    static Outcome run(ExecutionEnvironment env, String edges, long vertexCount, int iterations, String output) throws Exception {
        DataSet<Tuple2<Long, Long>> exists = env.generateSequence(0, vertexCount - 1).name("vertex ids").map(new Exists()).name("vertex exists");
        DataSet<Tuple2<Long, long[]>> adjacency = env.readCsvFile(edges).types(Long.class, Long.class).name("read edges").union(exists)
                .groupBy(0).reduceGroup(new Neighbours()).name("adjacency lists");
        DataSet<Long> danglingCount = adjacency.filter(new Dangling()).name("dangling").map(new One()).name("one")
                .reduce(new Count()).name("dangling count");
        DataSet<Tuple2<Long, Double>> initial = env.generateSequence(0, vertexCount - 1).name("vertex ids")
                .map(new InitialRank(vertexCount)).name("initial rank");

        IterativeDataSet<Tuple2<Long, Double>> ranks = initial.iterate(iterations);
        ranks.name("PageRank");
        ranks.registerAggregator(DANGLING, new DoubleSumAggregator());
        ranks.registerAggregationConvergenceCriterion(DELTA, new DoubleSumAggregator(), new DeltaBelow(0.0));
        DataSet<Tuple2<Long, Double>> next = ranks.join(adjacency).where(0).equalTo(0).with(new Spread(vertexCount))
                .withBroadcastSet(danglingCount, DANGLING_COUNT).name("spread rank")
                .groupBy(0).reduce(new SumContributions()).setCombineHint(CombineHint.HASH).name("sum contributions")
                .map(new NewRank(vertexCount)).name("new rank");
        ranks.closeWith(next).writeAsCsv(output, "\n", ",", WriteMode.OVERWRITE).name("ranks");
        JobExecutionResult result = env.execute("pagerank");
        return new Outcome(result.getNetRuntime(), SuperstepTimes.durations(result));
    }

    /** {@code 1/N}; notes the start for the {@link SuperstepTimes}. */
    static final class InitialRank extends RichMapFunction<Long, Tuple2<Long, Double>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;

        InitialRank(long vertexCount) {
            this.vertexCount = vertexCount;
        }

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public Tuple2<Long, Double> map(Long vertex) {
            return Tuple2.of(vertex, 1.0 / vertexCount);
        }
    }

    /** {@code (vertex, NO_NEIGHBOUR)}: the vertex's adjacency list exists even without out-edges; notes the start for the {@link SuperstepTimes}. */
    static final class Exists extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public Tuple2<Long, Long> map(Long vertex) {
            return Tuple2.of(vertex, NO_NEIGHBOUR);
        }
    }

    /** A vertex's neighbours (duplicates kept) from its edges and its existence record. */
    static final class Neighbours implements GroupReduceFunction<Tuple2<Long, Long>, Tuple2<Long, long[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void reduce(Iterable<Tuple2<Long, Long>> edges, Collector<Tuple2<Long, long[]>> out) {
            long vertex = 0;
            long[] neighbours = new long[4];
            int n = 0;
            for (Tuple2<Long, Long> edge : edges) {
                vertex = edge.f0;
                if (edge.f1 != NO_NEIGHBOUR) {
                    if (n == neighbours.length) {
                        neighbours = Arrays.copyOf(neighbours, 2 * n);
                    }
                    neighbours[n++] = edge.f1;
                }
            }
            out.collect(Tuple2.of(vertex, Arrays.copyOf(neighbours, n)));
        }
    }

    static final class Dangling implements FilterFunction<Tuple2<Long, long[]>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple2<Long, long[]> adjacency) {
            return adjacency.f1.length == 0;
        }
    }

    static final class One implements MapFunction<Tuple2<Long, long[]>, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Tuple2<Long, long[]> adjacency) {
            return 1L;
        }
    }

    static final class Count implements ReduceFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long reduce(Long a, Long b) {
            return a + b;
        }
    }

    /** {@code (neighbour, rank/outDegree, 0, false)} per neighbour and {@code (vertex, D/N, old rank, dangling)} for the vertex. */
    static final class Spread extends RichFlatJoinFunction<Tuple2<Long, Double>, Tuple2<Long, long[]>, Tuple4<Long, Double, Double, Boolean>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;
        /** This superstep's dangling share, set in open (Flink opens the function every superstep). */
        private transient double share;

        Spread(long vertexCount) {
            this.vertexCount = vertexCount;
        }

        @Override
        public void open(OpenContext context) {
            double mass;
            if (getIterationRuntimeContext().getSuperstepNumber() == 1) {
                List<Long> count = getRuntimeContext().getBroadcastVariable(DANGLING_COUNT);
                mass = PageRankReference.initialDanglingMass(count.isEmpty() ? 0 : count.get(0), vertexCount);
            } else {
                mass = getIterationRuntimeContext().<DoubleValue>getPreviousIterationAggregate(DANGLING).getValue();
            }
            share = PageRankReference.danglingShare(mass, vertexCount);
        }

        @Override
        public void join(Tuple2<Long, Double> rank, Tuple2<Long, long[]> adjacency, Collector<Tuple4<Long, Double, Double, Boolean>> out) {
            long[] neighbours = adjacency.f1;
            out.collect(Tuple4.of(rank.f0, share, rank.f1, neighbours.length == 0));
            if (neighbours.length > 0) {
                Double contribution = rank.f1 / neighbours.length;
                for (long neighbour : neighbours) {
                    out.collect(Tuple4.of(neighbour, contribution, 0.0, false));
                }
            }
        }
    }

    /** Sums the contributions; the old rank and the flag come from the one self record. */
    static final class SumContributions implements ReduceFunction<Tuple4<Long, Double, Double, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Long, Double, Double, Boolean> reduce(Tuple4<Long, Double, Double, Boolean> a, Tuple4<Long, Double, Double, Boolean> b) {
            return Tuple4.of(a.f0, a.f1 + b.f1, a.f2 + b.f2, a.f3 || b.f3);
        }
    }

    /** {@link PageRankReference#newRank}; adds to {@value #DANGLING} and {@value #DELTA}; notes the {@link SuperstepTimes}. */
    static final class NewRank extends RichMapFunction<Tuple4<Long, Double, Double, Boolean>, Tuple2<Long, Double>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;
        /** This superstep's aggregators, set in open. */
        private transient DoubleSumAggregator dangling;
        private transient DoubleSumAggregator delta;

        NewRank(long vertexCount) {
            this.vertexCount = vertexCount;
        }

        @Override
        public void open(OpenContext context) {
            dangling = getIterationRuntimeContext().getIterationAggregator(DANGLING);
            delta = getIterationRuntimeContext().getIterationAggregator(DELTA);
        }

        @Override
        public Tuple2<Long, Double> map(Tuple4<Long, Double, Double, Boolean> v) {
            double rank = PageRankReference.newRank(v.f1, vertexCount, PageRankReference.DAMPING);
            if (v.f3) {
                dangling.aggregate(rank);
            }
            delta.aggregate(Math.abs(rank - v.f2));
            return Tuple2.of(v.f0, rank);
        }

        @Override
        public void close() {
            SuperstepTimes.closed(this);
        }
    }

    /** Converged when the total change of the ranks is below {@code epsilon}. */
    record DeltaBelow(double epsilon) implements ConvergenceCriterion<DoubleValue> {
        @Override
        public boolean isConverged(int superstep, DoubleValue delta) {
            return delta.getValue() < epsilon;
        }
    }
}
