package io.eddy.examples.iteration;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.DeltaIteration;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.benchmarks.data.iteration.ConnectedComponentsReference;
import io.eddy.examples.ExampleMain;
import io.eddy.examples.batch.BatchExecution;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Connected components of an undirected graph: every vertex starts in the component named by its
 * own id and takes the smallest component id among itself and its neighbours, superstep after
 * superstep, until no vertex changes. Two variants: a delta iteration ({@link #buildDelta}, the
 * command's default) and a bulk iteration ({@link #build}, {@code --bulk}).
 *
 * <p><b>Delta.</b> The solution set holds {@code (vertex, component)}; the workset holds the
 * vertices that changed in the previous superstep (initially all). Only they tell their neighbours,
 * so a superstep's work shrinks with the number of changes:
 *
 * <pre>
 * workset --join undirected on vertex--> (neighbour, component) --groupBy(neighbour).reduce(min)-->
 *         --join solution set on vertex, keep if smaller--> changes = delta = next workset
 * </pre>
 *
 * <p><b>Bulk.</b> Every vertex takes part in every superstep:
 *
 * <pre>
 * edges --flatMap both directions--> undirected (a, b)                                    [static]
 *
 * components(s-1) --map--> (vertex, component, component)        the vertex's own record: old = current
 *                 --join undirected on vertex--> (neighbour, component, MAX)   what the neighbours hear
 *            union --groupBy(vertex).reduce(min, min)--> (vertex, candidate, old)
 *                  --map--> components(s) = (vertex, candidate)
 *                  --filter candidate &lt; old--> changed          [termination criterion]
 * </pre>
 *
 * Each record carries the component its vertex had before the superstep (the own record's third
 * field; a neighbour's message carries {@code Long.MAX_VALUE}, the neutral value of the min), so
 * the superstep sees which vertices changed without reading the partial solution a second time in a
 * join. The loop ends after the first superstep in which no vertex changed (its result equals the
 * previous one), or after {@code maxIterations}. Each superstep propagates labels one hop: a
 * component of diameter {@code k} needs {@code k + 1} supersteps. {@link
 * ConnectedComponentsReference} computes the same supersteps in one thread.
 *
 * <p>The vertex set is an input of its own and must contain every endpoint of an edge. The command
 * line reads it from a source of its own (the edge file read a second time) rather than deriving it
 * from {@code edges}: the compiler refuses a loop operator that reads a loop input only after another
 * input sharing a producer with it (docs/iterations.md), and whether a shared producer trips that
 * depends on which side of the join the optimizer builds.
 */
@Command(name = "connected-components", mixinStandardHelpOptions = true,
        description = "Connected components of a graph (delta iteration; --bulk for the bulk variant).")
public final class ConnectedComponents implements Callable<Integer> {

    @Mixin
    GraphInput graph;

    @Option(names = "--iterations", defaultValue = "100", description = "Supersteps at most (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    @Option(names = "--bulk", description = "Run the bulk iteration (every vertex in every superstep) instead of the delta iteration.")
    boolean bulk;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new ConnectedComponents(), args);
    }

    @Override
    public Integer call() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataSet<Long> vertices = graph.vertices(env);
        DataSet<Tuple2<Long, Long>> edges = graph.edges(env);
        graph.sink(bulk ? build(env, vertices, edges, iterations) : buildDelta(env, vertices, edges, iterations));
        BatchExecution.execute(env, "Connected components");
        return 0;
    }

    /**
     * The components of the undirected graph of {@code vertices} and {@code edges} (directions are
     * ignored): {@code (vertex, smallest vertex id of its component)} for every vertex, after at most
     * {@code maxIterations} supersteps.
     */
    public static DataSet<Tuple2<Long, Long>> build(ExecutionEnvironment env, DataSet<Long> vertices, DataSet<Tuple2<Long, Long>> edges,
            int maxIterations) {
        DataSet<Tuple2<Long, Long>> undirected = edges.flatMap(new BothDirections()).name("both directions");
        IterativeDataSet<Tuple2<Long, Long>> components = vertices.map(new OwnComponent()).name("own component")
                .iterate(maxIterations).name("Connected components");
        DataSet<Tuple3<Long, Long, Long>> own = components.map(new Own()).name("own record");
        DataSet<Tuple3<Long, Long, Long>> heard = components.join(undirected).where(0).equalTo(0)
                .with(new TellNeighbour()).name("tell neighbours");
        DataSet<Tuple3<Long, Long, Long>> smallest = own.union(heard).groupBy(0).reduce(new Smallest()).name("smallest component");
        DataSet<Tuple2<Long, Long>> next = smallest.map(new Current()).name("next components");
        DataSet<Tuple3<Long, Long, Long>> changed = smallest.filter(new Changed()).name("changed");
        return components.closeWith(next, changed);
    }

    /**
     * The components as a delta iteration: {@code (vertex, smallest vertex id of its component)} for
     * every vertex of {@code vertices} (which must hold every endpoint of {@code edges}), after at
     * most {@code maxIterations} supersteps; the loop ends after the first superstep without a
     * change. The candidates' join with the solution set declares that it keeps the vertex field, so
     * the changes reach the delta's tail without a shuffle.
     */
    public static DataSet<Tuple2<Long, Long>> buildDelta(ExecutionEnvironment env, DataSet<Long> vertices,
            DataSet<Tuple2<Long, Long>> edges, int maxIterations) {
        DataSet<Tuple2<Long, Long>> undirected = edges.flatMap(new BothDirections()).name("both directions");
        DataSet<Tuple2<Long, Long>> initial = vertices.map(new OwnComponent()).name("own component");
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = initial.iterateDelta(initial, maxIterations, 0)
                .name("Connected components (delta)");
        DataSet<Tuple2<Long, Long>> changes = it.getWorkset().join(undirected).where(0).equalTo(0).with(new Neighbour()).name("tell neighbours")
                .groupBy(0).reduce(new MinComponent()).name("smallest candidate")
                .join(it.getSolutionSet()).where(0).equalTo(0).with(new SmallerThanCurrent()).withForwardedFieldsFirst("f0")
                .name("smaller than current");
        return it.closeWith(changes, changes);
    }

    /** {@code (neighbour, component)}: a neighbour hears the changed vertex's component. */
    static final class Neighbour implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> vertex, Tuple2<Long, Long> edge) {
            return Tuple2.of(edge.f1, vertex.f1);
        }
    }

    /** The smallest candidate component per vertex. */
    static final class MinComponent implements ReduceFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return a.f1 <= b.f1 ? a : b;
        }
    }

    /** A candidate smaller than the vertex's current component is a change. */
    static final class SmallerThanCurrent implements FlatJoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void join(Tuple2<Long, Long> candidate, Tuple2<Long, Long> current, Collector<Tuple2<Long, Long>> out) {
            if (candidate.f1 < current.f1) {
                out.collect(candidate);
            }
        }
    }

    /** Each edge in both directions. */
    static final class BothDirections implements FlatMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(Tuple2<Long, Long> edge, Collector<Tuple2<Long, Long>> out) {
            out.collect(Tuple2.of(edge.f0, edge.f1));
            out.collect(Tuple2.of(edge.f1, edge.f0));
        }
    }

    /** A vertex starts in the component named by its id. */
    static final class OwnComponent implements MapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Long vertex) {
            return Tuple2.of(vertex, vertex);
        }
    }

    /** {@code (vertex, component, old component)}: the vertex's own record. */
    static final class Own implements MapFunction<Tuple2<Long, Long>, Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> map(Tuple2<Long, Long> vertex) {
            return Tuple3.of(vertex.f0, vertex.f1, vertex.f1);
        }
    }

    /** {@code (neighbour, component, MAX)}: a neighbour hears the component; the old component is not known here. */
    static final class TellNeighbour implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> join(Tuple2<Long, Long> vertex, Tuple2<Long, Long> edge) {
            return Tuple3.of(edge.f1, vertex.f1, Long.MAX_VALUE);
        }
    }

    /** The smallest candidate and the smallest old component (the own record's, as messages carry MAX). */
    static final class Smallest implements ReduceFunction<Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> reduce(Tuple3<Long, Long, Long> a, Tuple3<Long, Long, Long> b) {
            return Tuple3.of(a.f0, Math.min(a.f1, b.f1), Math.min(a.f2, b.f2));
        }
    }

    /** {@code (vertex, component)}. */
    static final class Current implements MapFunction<Tuple3<Long, Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Tuple3<Long, Long, Long> v) {
            return Tuple2.of(v.f0, v.f1);
        }
    }

    /** The vertex took a smaller component in this superstep. */
    static final class Changed implements FilterFunction<Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple3<Long, Long, Long> v) {
            return v.f1 < v.f2;
        }
    }
}
