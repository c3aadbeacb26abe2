package io.eddy.examples.iteration;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The transitive closure of a directed graph as a bulk iteration: all pairs {@code (from, to)}
 * such that a path of one or more edges leads from {@code from} to {@code to}.
 *
 * <pre>
 * paths(s-1) --map--> (from, to, true)                                     paths known before
 *            --join edges on path.to = edge.from--> (from, edge.to, false)  paths one edge longer
 *      union --groupBy(from, to).reduce(or)--> (from, to, known before?)    distinct, remembering the old
 *            --map--> paths(s)
 *            --filter not known before--> new paths                          [termination criterion]
 * </pre>
 *
 * Superstep {@code s} extends every known path by one edge, so after {@code s} supersteps the
 * paths of up to {@code s + 1} edges are known; the loop ends after the first superstep that found
 * no new path (or after {@code maxIterations}). Whether a path is new is decided without a second
 * read of the partial solution in a join (which the compiler refuses inside a loop): the known
 * paths go into the same grouping with the flag {@code true}, the extensions with {@code false}, and
 * the reduce that removes duplicates ors the flags. For the same reason the closure extends paths by
 * the static edges (linear: one edge per superstep, diameter + 1 supersteps) and not by the paths
 * themselves (squaring: logarithmically many supersteps, but a join of the loop with itself).
 * {@link TransitiveClosureReference} computes the same supersteps in one thread.
 *
 * <p>The initial paths are an input of their own (the same edges, read from a source of their own:
 * see {@link #build}).
 */
@Command(name = "transitive-closure", mixinStandardHelpOptions = true, description = "Transitive closure of a directed graph (bulk iteration).")
public final class TransitiveClosure implements Callable<Integer> {

    @Mixin
    GraphInput graph;

    @Option(names = "--iterations", defaultValue = "100", description = "Supersteps at most (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new TransitiveClosure(), args);
    }

    @Override
    public Integer call() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        graph.sink(build(env, graph.edges(env), graph.edges(env), iterations));
        BatchExecution.execute(env, "Transitive closure");
        return 0;
    }

    /**
     * The pairs {@code (from, to)} connected by a path of the graph of {@code edges} that starts with
     * one of {@code initialPaths}, after at most {@code maxIterations} supersteps; each pair once.
     * For the transitive closure {@code initialPaths} are the edges again. The command line reads
     * them from a source of their own (a second read of the file or collection) rather than passing
     * {@code edges} twice: the compiler refuses a loop operator that reads a loop input only after
     * another input sharing a producer with it (docs/iterations.md), and whether a shared producer
     * trips that depends on which side of the join the optimizer builds.
     */
    public static DataSet<Tuple2<Long, Long>> build(ExecutionEnvironment env, DataSet<Tuple2<Long, Long>> initialPaths,
            DataSet<Tuple2<Long, Long>> edges, int maxIterations) {
        IterativeDataSet<Tuple2<Long, Long>> paths = initialPaths.iterate(maxIterations).name("Transitive closure");
        DataSet<Tuple3<Long, Long, Boolean>> known = paths.map(new Known()).name("known paths");
        DataSet<Tuple3<Long, Long, Boolean>> longer = paths.join(edges).where(1).equalTo(0).with(new Extend()).name("extend by an edge");
        DataSet<Tuple3<Long, Long, Boolean>> distinct = known.union(longer).groupBy(0, 1).reduce(new KnownBefore()).name("distinct paths");
        DataSet<Tuple2<Long, Long>> next = distinct.map(new Path()).name("next paths");
        DataSet<Tuple3<Long, Long, Boolean>> found = distinct.filter(new New()).name("new paths");
        return paths.closeWith(next, found);
    }

    /** {@code (from, to, true)}: a path known before this superstep. */
    static final class Known implements MapFunction<Tuple2<Long, Long>, Tuple3<Long, Long, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Boolean> map(Tuple2<Long, Long> path) {
            return Tuple3.of(path.f0, path.f1, true);
        }
    }

    /** {@code (from, edge.to, false)}: the path extended by the edge (maybe known already). */
    static final class Extend implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple3<Long, Long, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Boolean> join(Tuple2<Long, Long> path, Tuple2<Long, Long> edge) {
            return Tuple3.of(path.f0, edge.f1, false);
        }
    }

    /** One record per path; known before if any copy was. */
    static final class KnownBefore implements ReduceFunction<Tuple3<Long, Long, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Boolean> reduce(Tuple3<Long, Long, Boolean> a, Tuple3<Long, Long, Boolean> b) {
            return Tuple3.of(a.f0, a.f1, a.f2 || b.f2);
        }
    }

    /** {@code (from, to)}. */
    static final class Path implements MapFunction<Tuple3<Long, Long, Boolean>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Tuple3<Long, Long, Boolean> path) {
            return Tuple2.of(path.f0, path.f1);
        }
    }

    /** A path not known before this superstep. */
    static final class New implements FilterFunction<Tuple3<Long, Long, Boolean>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple3<Long, Long, Boolean> path) {
            return !path.f2;
        }
    }
}
