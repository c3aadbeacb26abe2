package io.eddy.examples.iteration;

import io.eddy.api.common.aggregators.ConvergenceCriterion;
import io.eddy.api.common.aggregators.DoubleSumAggregator;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.IterationRuntimeContext;
import io.eddy.api.common.functions.rich.RichFlatJoinFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.benchmarks.data.iteration.PageRankReference;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * PageRank as a bulk iteration: the ranks {@code (vertex, rank)} of vertices {@code 0 .. N-1} are
 * the partial solution, starting at {@code 1/N}; the adjacency lists are static (built once, before
 * the loop, and kept by the loop's join across supersteps).
 *
 * <pre>
 * edges ∪ vertex ids --groupBy(source).reduceGroup--> adjacency (vertex, long[] neighbours)     [static]
 *
 * ranks(s-1) --join adjacency on vertex (Spread)--> (neighbour, rank/outDegree, 0, false) for each neighbour
 *                                                  (vertex, D(s-1)/N, old rank, dangling?) for the vertex itself
 *            --groupBy(vertex).reduce(sum)--> (vertex, sum, old rank, dangling?)
 *            --map NewRank--> ranks(s): (1-d)/N + d * sum  =  (1-d)/N + d * (contributions + D(s-1)/N)
 * </pre>
 *
 * <p><b>Dangling vertices</b> (no out-edge) would lose their rank; their mass is spread evenly over
 * all vertices instead. {@code D(s-1)} is the rank the dangling vertices hold in the ranks that
 * superstep {@code s} reads, and superstep {@code s} spreads exactly that mass, so the ranks sum to
 * 1 (up to rounding) after every superstep, as in the textbook power iteration:
 *
 * <ul>
 *   <li>{@code NewRank} adds each dangling vertex's <em>new</em> rank to the aggregator {@value
 *       #DANGLING}: the aggregate combined at the end of superstep {@code s} is {@code D(s)}, and
 *       superstep {@code s + 1} reads it with {@code getPreviousIterationAggregate}.
 *   <li>Superstep 1 has no previous aggregate. It reads the initial ranks {@code 1/N}, whose
 *       dangling mass is {@code danglingCount/N}; the count is computed once outside the loop and
 *       broadcast to {@code Spread}.
 *   <li>{@code Spread} puts the share {@code D(s-1)/N} into each vertex's self record, so the sum
 *       per vertex already includes it. (The broadcast goes to the join, not to {@code NewRank}:
 *       the compiler refuses a loop operator whose broadcast set and main input share a producer,
 *       here the adjacency lists; see docs/iterations.md.)
 * </ul>
 *
 * <p>Every vertex gets its own record in every superstep (the self record), so vertices without
 * in-edges keep {@code (1-d)/N} plus their share of the dangling mass. {@code NewRank} also adds
 * {@code |new - old|} to {@value #DELTA}; the loop ends after the superstep whose total change is
 * below {@code epsilon} (that superstep's ranks are the result), or after {@code maxIterations}.
 * {@link PageRankReference} computes the same in one thread and holds the formulas this program uses
 * ({@link PageRankReference#danglingShare}, {@link PageRankReference#newRank}).
 */
@Command(name = "page-rank", mixinStandardHelpOptions = true, description = "PageRank of a graph (bulk iteration).")
public final class PageRank implements Callable<Integer> {

    /** The damping factor: the probability that the random surfer follows a link. */
    public static final double DAMPING = PageRankReference.DAMPING;
    /** Aggregator: the rank held by dangling vertices in the ranks just computed. */
    public static final String DANGLING = "dangling";
    /** Aggregator and convergence criterion: the sum of {@code |new rank - old rank|} over all vertices. */
    public static final String DELTA = "delta";
    /** Broadcast set: the number of dangling vertices (no record if there is none). */
    static final String DANGLING_COUNT = "dangling-count";
    /** The neighbour of the records that only say that a vertex exists. */
    private static final long NO_NEIGHBOUR = -1L;

    @Mixin
    GraphInput graph;

    @Option(names = "--iterations", defaultValue = "30", description = "Supersteps at most (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--epsilon", defaultValue = "1e-9", description = "Stop when the ranks changed by less than this in total (default: ${DEFAULT-VALUE}).")
    double epsilon;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new PageRank(), args);
    }

    @Override
    public Integer call() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        graph.sink(build(env, graph.edges(env), graph.vertexCount(), iterations, epsilon));
        BatchExecution.execute(env, "PageRank");
        return 0;
    }

    /**
     * The PageRank of the graph of {@code edges (source, target)} over vertices {@code 0 ..
     * vertexCount-1} (every endpoint must be one of them; duplicate edges count twice, self loops
     * count): {@code (vertex, rank)} for every vertex, after at most {@code maxIterations} supersteps.
     */
    public static DataSet<Tuple2<Long, Double>> build(ExecutionEnvironment env, DataSet<Tuple2<Long, Long>> edges, long vertexCount,
            int maxIterations, double epsilon) {
        if (vertexCount < 1) {
            throw new IllegalArgumentException("PageRank: vertexCount " + vertexCount + " (expected: at least 1)");
        }
        // Both vertex sets come from sources of their own: the loop's input and the static adjacency share no producer.
        DataSet<Tuple2<Long, Long>> exists = env.generateSequence(0, vertexCount - 1).name("vertex ids")
                .map(new Exists()).name("vertex exists");
        DataSet<Tuple2<Long, long[]>> adjacency = edges.union(exists).groupBy(0).reduceGroup(new Neighbours()).name("adjacency lists");
        DataSet<Long> danglingCount = adjacency.filter(a -> a.f1.length == 0).name("dangling")
                .map(a -> 1L).returns(Long.class).name("one").reduce(Long::sum).name("dangling count");
        DataSet<Tuple2<Long, Double>> initial = env.generateSequence(0, vertexCount - 1).name("vertex ids")
                .map(new InitialRank(vertexCount)).name("initial rank");

        IterativeDataSet<Tuple2<Long, Double>> ranks = initial.iterate(maxIterations).name("PageRank")
                .registerAggregator(DANGLING, new DoubleSumAggregator())
                .registerAggregationConvergenceCriterion(DELTA, new DoubleSumAggregator(), new DeltaBelow(epsilon));
        DataSet<Tuple4<Long, Double, Double, Boolean>> contributions = ranks.join(adjacency).where(0).equalTo(0)
                .with(new Spread(vertexCount)).withBroadcastSet(danglingCount, DANGLING_COUNT).name("spread rank");
        DataSet<Tuple2<Long, Double>> next = contributions.groupBy(0).reduce(new SumContributions()).name("sum contributions")
                .map(new NewRank(vertexCount, DAMPING)).name("new rank");
        return ranks.closeWith(next);
    }

    /** {@code 1/N} for every vertex. */
    static final class InitialRank implements MapFunction<Long, Tuple2<Long, Double>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;

        InitialRank(long vertexCount) {
            this.vertexCount = vertexCount;
        }

        @Override
        public Tuple2<Long, Double> map(Long vertex) {
            return Tuple2.of(vertex, 1.0 / vertexCount);
        }
    }

    /** {@code (vertex, NO_NEIGHBOUR)}: makes the vertex's adjacency list exist even without out-edges. */
    static final class Exists implements MapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Long vertex) {
            return Tuple2.of(vertex, NO_NEIGHBOUR);
        }
    }

    /** A vertex's neighbours (in no particular order; duplicates kept), from its edges and its existence record. */
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

    /**
     * Sends {@code rank/outDegree} to each neighbour, and to the vertex itself a record with its
     * share of the dangling mass, its old rank and whether it is dangling: {@code (vertex,
     * contribution, oldRank, dangling)}.
     */
    static final class Spread extends RichFlatJoinFunction<Tuple2<Long, Double>, Tuple2<Long, long[]>, Tuple4<Long, Double, Double, Boolean>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;
        /** The superstep whose dangling share {@link #share} holds (0: none yet); used by the task's thread only. */
        private transient int shareSuperstep;
        private transient double share;

        Spread(long vertexCount) {
            this.vertexCount = vertexCount;
        }

        @Override
        public void join(Tuple2<Long, Double> rank, Tuple2<Long, long[]> adjacency, Collector<Tuple4<Long, Double, Double, Boolean>> out) {
            long[] neighbours = adjacency.f1;
            out.collect(Tuple4.of(rank.f0, danglingShare(), rank.f1, neighbours.length == 0));
            if (neighbours.length > 0) {
                Double contribution = rank.f1 / neighbours.length;
                for (long neighbour : neighbours) {
                    out.collect(Tuple4.of(neighbour, contribution, 0.0, false));
                }
            }
        }

        /** {@code D(s-1)/N} of this superstep {@code s}, computed once per superstep. */
        private double danglingShare() {
            IterationRuntimeContext context = getIterationRuntimeContext();
            int superstep = context.getSuperstepNumber();
            if (superstep != shareSuperstep) {
                Double previous = context.getPreviousIterationAggregate(DANGLING);
                double mass;
                if (previous != null) {
                    mass = previous;
                } else {
                    List<Long> count = context.getBroadcastVariable(DANGLING_COUNT);
                    mass = PageRankReference.initialDanglingMass(count.isEmpty() ? 0 : count.get(0), vertexCount);
                }
                share = PageRankReference.danglingShare(mass, vertexCount);
                shareSuperstep = superstep;
            }
            return share;
        }
    }

    /** Sums the contributions; the old rank and the dangling flag come from the one self record (the others carry 0 and false). */
    static final class SumContributions implements ReduceFunction<Tuple4<Long, Double, Double, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple4<Long, Double, Double, Boolean> reduce(Tuple4<Long, Double, Double, Boolean> a, Tuple4<Long, Double, Double, Boolean> b) {
            return Tuple4.of(a.f0, a.f1 + b.f1, a.f2 + b.f2, a.f3 || b.f3);
        }
    }

    /** The new rank ({@link PageRankReference#newRank}); adds to the aggregators {@value #DANGLING} and {@value #DELTA}. */
    static final class NewRank extends RichMapFunction<Tuple4<Long, Double, Double, Boolean>, Tuple2<Long, Double>> {
        private static final long serialVersionUID = 1L;
        private final long vertexCount;
        private final double damping;

        NewRank(long vertexCount, double damping) {
            this.vertexCount = vertexCount;
            this.damping = damping;
        }

        @Override
        public Tuple2<Long, Double> map(Tuple4<Long, Double, Double, Boolean> v) {
            IterationRuntimeContext context = getIterationRuntimeContext();
            double rank = PageRankReference.newRank(v.f1, vertexCount, damping);
            if (v.f3) {
                context.<DoubleSumAggregator>getIterationAggregator(DANGLING).aggregate(rank);
            }
            context.<DoubleSumAggregator>getIterationAggregator(DELTA).aggregate(Math.abs(rank - v.f2));
            return Tuple2.of(v.f0, rank);
        }
    }

    /** Converged when the total change of the ranks is below {@code epsilon}. */
    record DeltaBelow(double epsilon) implements ConvergenceCriterion<Double> {
        @Override
        public boolean isConverged(int superstep, Double delta) {
            return delta < epsilon;
        }
    }
}
