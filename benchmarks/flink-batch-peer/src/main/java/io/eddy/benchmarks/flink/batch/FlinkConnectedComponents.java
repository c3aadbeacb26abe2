package io.eddy.benchmarks.flink.batch;

import io.eddy.benchmarks.data.iteration.IterationResults;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.JoinFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.functions.RichFlatJoinFunction;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.io.RichOutputFormat;
import org.apache.flink.api.common.operators.base.ReduceOperatorBase.CombineHint;
import org.apache.flink.api.java.DataSet;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.api.java.operators.DeltaIteration;
import org.apache.flink.api.java.operators.IterativeDataSet;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.util.Collector;

/**
 * Connected components on Flink 1.20's DataSet API (edges taken as undirected; each vertex labelled
 * with the smallest vertex id of its component), two ways:
 *
 * <ul>
 *   <li>{@link #runBulk}: the computation of Eddy's example {@code io.eddy.examples.iteration.ConnectedComponents}
 *       step for step: a bulk iteration over all {@code (vertex, component)}; per superstep each
 *       vertex's own record {@code (vertex, component, component)} and what its neighbours hear
 *       {@code (neighbour, component, MAX)}, the minimum of both fields per vertex, the next
 *       components, and as termination criterion the vertices whose component went down.
 *   <li>{@link #runDelta}: the classic delta iteration: the solution set holds {@code (vertex,
 *       component)}, the workset the vertices that changed; per superstep the workset joined with
 *       the edges proposes each change to the neighbours, the smallest proposal per vertex is
 *       joined with the solution set and kept if it is smaller than the vertex's component; what
 *       is kept is both the solution-set delta and the next workset. The loop ends when the
 *       workset is empty, in the same superstep as the bulk loop (the first without a change).
 * </ul>
 *
 * Both read the edges from a CSV file and the vertex ids from a sequence, combine the minima with
 * Flink's hash combiner, and fold the result into the exact figures of {@link ComponentsSink}.
 */
final class FlinkConnectedComponents {

    static final String VERTICES = "vertices";
    static final String COMPONENTS = "components";
    static final String CHECKSUM = "checksum";

    /** What one run found. */
    record Outcome(long vertices, long components, long checksum, long netRuntimeMillis, List<Long> superstepMillis) {}

    private FlinkConnectedComponents() {}

    /** The bulk iteration. */
    static Outcome runBulk(ExecutionEnvironment env, String edges, long vertexCount, int maxIterations) throws Exception {
        DataSet<Tuple2<Long, Long>> undirected = undirected(env, edges);
        IterativeDataSet<Tuple2<Long, Long>> components = initial(env, vertexCount).iterate(maxIterations);
        components.name("Connected components");
        DataSet<Tuple3<Long, Long, Long>> own = components.map(new Own()).name("own record");
        DataSet<Tuple3<Long, Long, Long>> heard = components.join(undirected).where(0).equalTo(0).with(new TellNeighbour()).name("tell neighbours");
        DataSet<Tuple3<Long, Long, Long>> smallest = own.union(heard).groupBy(0).reduce(new Smallest()).setCombineHint(CombineHint.HASH)
                .name("smallest component");
        DataSet<Tuple2<Long, Long>> next = smallest.map(new Current()).name("next components");
        DataSet<Tuple3<Long, Long, Long>> changed = smallest.filter(new Changed()).name("changed");
        components.closeWith(next, changed).output(new ComponentsSink()).name("components sink");
        return outcome(env.execute("connected-components-bulk"));
    }

    /** The delta iteration with the join against the solution set. */
    static Outcome runDelta(ExecutionEnvironment env, String edges, long vertexCount, int maxIterations) throws Exception {
        DataSet<Tuple2<Long, Long>> undirected = undirected(env, edges);
        DataSet<Tuple2<Long, Long>> initial = initial(env, vertexCount);
        DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> loop = initial.iterateDelta(initial, maxIterations, 0).name("Connected components");
        DataSet<Tuple2<Long, Long>> changes = loop.getWorkset().join(undirected).where(0).equalTo(0).with(new Propose()).name("propose to neighbours")
                .groupBy(0).reduce(new SmallestProposal()).setCombineHint(CombineHint.HASH).name("smallest proposal")
                .join(loop.getSolutionSet()).where(0).equalTo(0).with(new KeepSmaller()).name("keep smaller");
        loop.closeWith(changes, changes).output(new ComponentsSink()).name("components sink");
        return outcome(env.execute("connected-components"));
    }

    private static DataSet<Tuple2<Long, Long>> undirected(ExecutionEnvironment env, String edges) {
        return env.readCsvFile(edges).types(Long.class, Long.class).name("read edges").flatMap(new BothDirections()).name("both directions");
    }

    private static DataSet<Tuple2<Long, Long>> initial(ExecutionEnvironment env, long vertexCount) {
        return env.generateSequence(0, vertexCount - 1).name("vertex ids").map(new OwnComponent()).name("own component");
    }

    private static Outcome outcome(JobExecutionResult r) {
        return new Outcome(r.<Long>getAccumulatorResult(VERTICES), r.<Long>getAccumulatorResult(COMPONENTS), r.<Long>getAccumulatorResult(CHECKSUM),
                r.getNetRuntime(), SuperstepTimes.durations(r));
    }

    /** Each edge in both directions; notes the start for the {@link SuperstepTimes}. */
    static final class BothDirections extends RichFlatMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public void flatMap(Tuple2<Long, Long> edge, Collector<Tuple2<Long, Long>> out) {
            out.collect(Tuple2.of(edge.f0, edge.f1));
            out.collect(Tuple2.of(edge.f1, edge.f0));
        }
    }

    /** {@code (vertex, vertex)}; notes the start for the {@link SuperstepTimes}. */
    static final class OwnComponent extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open(OpenContext context) {
            SuperstepTimes.started(this);
        }

        @Override
        public Tuple2<Long, Long> map(Long vertex) {
            return Tuple2.of(vertex, vertex);
        }
    }

    /** Bulk: {@code (vertex, component, old component)}. */
    static final class Own implements MapFunction<Tuple2<Long, Long>, Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> map(Tuple2<Long, Long> vertex) {
            return Tuple3.of(vertex.f0, vertex.f1, vertex.f1);
        }
    }

    /** Bulk: {@code (neighbour, component, MAX)}. */
    static final class TellNeighbour implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> join(Tuple2<Long, Long> vertex, Tuple2<Long, Long> edge) {
            return Tuple3.of(edge.f1, vertex.f1, Long.MAX_VALUE);
        }
    }

    /** Bulk: the smallest candidate and the smallest old component. */
    static final class Smallest implements ReduceFunction<Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Long> reduce(Tuple3<Long, Long, Long> a, Tuple3<Long, Long, Long> b) {
            return Tuple3.of(a.f0, Math.min(a.f1, b.f1), Math.min(a.f2, b.f2));
        }
    }

    /** Bulk: {@code (vertex, component)}, the loop's next partial solution; notes the {@link SuperstepTimes}. */
    static final class Current extends RichMapFunction<Tuple3<Long, Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> map(Tuple3<Long, Long, Long> v) {
            return Tuple2.of(v.f0, v.f1);
        }

        @Override
        public void close() {
            SuperstepTimes.closed(this);
        }
    }

    /** Bulk: the vertex took a smaller component in this superstep. */
    static final class Changed implements FilterFunction<Tuple3<Long, Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Tuple3<Long, Long, Long> v) {
            return v.f1 < v.f2;
        }
    }

    /** Delta: a changed vertex proposes its component to a neighbour: {@code (neighbour, component)}. */
    static final class Propose implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> changed, Tuple2<Long, Long> edge) {
            return Tuple2.of(edge.f1, changed.f1);
        }
    }

    /** Delta: the smallest proposal per vertex. */
    static final class SmallestProposal implements ReduceFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> reduce(Tuple2<Long, Long> a, Tuple2<Long, Long> b) {
            return a.f1 <= b.f1 ? a : b;
        }
    }

    /** Delta: the proposal if it is smaller than the vertex's component in the solution set; the delta producer, it notes the {@link SuperstepTimes}. */
    static final class KeepSmaller extends RichFlatJoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void join(Tuple2<Long, Long> proposal, Tuple2<Long, Long> current, Collector<Tuple2<Long, Long>> out) {
            if (proposal.f1 < current.f1) {
                out.collect(proposal);
            }
        }

        @Override
        public void close() {
            SuperstepTimes.closed(this);
        }
    }

    /** Counts vertices and components (vertices labelled with their own id) and sums {@link IterationResults#componentChecksumShare}. */
    static final class ComponentsSink extends RichOutputFormat<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private long vertices;
        private long components;
        private long checksum;

        @Override
        public void configure(Configuration parameters) {}

        @Override
        public void open(int taskNumber, int numTasks) {}

        @Override
        public void writeRecord(Tuple2<Long, Long> record) {
            vertices++;
            if (record.f0.equals(record.f1)) {
                components++;
            }
            checksum += IterationResults.componentChecksumShare(record.f0, record.f1);
        }

        @Override
        public void close() throws IOException {
            getRuntimeContext().getLongCounter(VERTICES).add(vertices);
            getRuntimeContext().getLongCounter(COMPONENTS).add(components);
            getRuntimeContext().getLongCounter(CHECKSUM).add(checksum);
        }
    }
}
