package io.eddy.benchmarks;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.benchmarks.data.iteration.IterationResults;
import io.eddy.examples.batch.BatchExecution;
import io.eddy.examples.iteration.ConnectedComponents;
import io.eddy.examples.iteration.KMeans;
import io.eddy.examples.iteration.PageRank;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Eddy's side of the iteration benchmarks run by {@code scripts/bench}: each command runs one
 * iteration example's program ({@code build(...)} of {@code io.eddy.examples.iteration}) on input
 * files in this JVM and prints one {@code RESULT} line:
 *
 * <pre>
 * RESULT name=pagerank system=eddy rate=... edges=... vertices=... supersteps=10 superstep_ms=812,640,... parallelism=2 seconds=...
 * </pre>
 *
 * {@code rate} is input records (edges, points) times supersteps per second of the job's net
 * runtime; {@code superstep_ms} are the durations the master measured ({@code
 * iteration.<loop>.superstep-millis}: from the previous superstep's decision, for superstep 1 from
 * the deployment of the loop's tasks, to the last task's end-of-superstep report). PageRank and
 * k-means write their result to {@code --output} for {@code batch-data compare}; connected
 * components are folded into exact figures. The Flink 1.20 peer ({@code benchmarks/flink-batch-peer},
 * {@code FlinkIterationBench}) runs the same computations and prints the same fields.
 */
final class EddyIterationBench {

    static final String VERTICES = "vertices";
    static final String COMPONENTS = "components";
    static final String CHECKSUM = "checksum";

    private EddyIterationBench() {}

    /** Options of every command. */
    static final class Common {
        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--managed-memory-mb", defaultValue = "256",
                description = "Managed memory of the (embedded) worker in MiB, shared by its slots (default: ${DEFAULT-VALUE}).")
        int managedMemoryMb;

        ExecutionEnvironment environment(CommandLine.Model.CommandSpec spec, Path... inputs) {
            for (Path input : inputs) {
                if (!Files.exists(input)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), input + " does not exist (generate it first, see scripts/bench)");
                }
            }
            return EddyBatchBench.environment(parallelism, managedMemoryMb);
        }
    }

    /** The durations of the one loop of {@code result}'s job, superstep 1 first. */
    static List<Long> superstepMillis(JobExecutionResult result) {
        List<Long> found = null;
        for (Map.Entry<String, Serializable> e : result.getAllAccumulatorResults().entrySet()) {
            if (e.getKey().startsWith("iteration.") && e.getKey().endsWith(".superstep-millis")) {
                if (found != null) {
                    throw new IllegalStateException("Bug: the benchmark job has more than one loop: " + result.getAllAccumulatorResults().keySet());
                }
                found = new ArrayList<>();
                for (Object millis : (List<?>) e.getValue()) {
                    found.add(((Number) millis).longValue());
                }
            }
        }
        if (found == null || found.isEmpty()) {
            throw new IllegalStateException("Bug: the job reported no superstep durations (iteration.<loop>.superstep-millis); its accumulators: "
                    + result.getAllAccumulatorResults().keySet());
        }
        return found;
    }

    /**
     * The fields every iteration RESULT line ends with: {@code rate} = records × supersteps per
     * second of net runtime, then the given fields, the supersteps, their durations, the parallelism
     * and the seconds.
     */
    static String figures(JobExecutionResult result, long records, String fields, int parallelism) {
        List<Long> supersteps = superstepMillis(result);
        long millis = result.getNetRuntime();
        return String.format(Locale.ROOT, "rate=%.0f %s supersteps=%d superstep_ms=%s parallelism=%d seconds=%.2f",
                EddyBatchBench.rate(records * supersteps.size(), millis), fields, supersteps.size(),
                supersteps.stream().map(String::valueOf).collect(Collectors.joining(",")), parallelism, millis / 1000.0);
    }

    /** PageRank, a fixed number of supersteps. */
    @Command(name = "pagerank", mixinStandardHelpOptions = true,
            description = "PageRank (io.eddy.examples.iteration.PageRank) for --iterations supersteps without early end; writes vertex,rank lines.")
    static final class PageRankCommand implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Option(names = "--edges", required = true, description = "CSV of source,target lines.")
        Path edges;

        @Option(names = "--vertices", required = true, description = "Vertex ids are 0 .. N-1.")
        long vertices;

        @Option(names = "--iterations", defaultValue = "10", description = "Supersteps (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--output", required = true, description = "Where the ranks go (a directory with parallelism above 1; replaced).")
        Path output;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec, edges);
            long edgeCount = EddyBatchBench.countLines(edges);
            // Epsilon 0: the convergence criterion (total change below epsilon) never holds, so every superstep runs.
            DataSet<Tuple2<Long, Double>> ranks = PageRank.build(env, env.readCsvFile(edges.toString()).types(Long.class, Long.class), vertices,
                    iterations, 0.0);
            ranks.writeAsCsv(output.toString(), WriteMode.OVERWRITE).name("ranks");
            JobExecutionResult r = BatchExecution.execute(env, "pagerank");
            System.out.println("RESULT name=pagerank system=eddy " + figures(r, edgeCount, "edges=" + edgeCount + " vertices=" + vertices,
                    common.parallelism));
            return 0;
        }
    }

    /**
     * Connected components over the undirected graph until no vertex changes: the figures and the
     * exact component count and checksum every variant reports under its name.
     */
    abstract static class ConnectedComponentsCommand implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Option(names = "--edges", required = true, description = "CSV of source,target lines (taken as undirected).")
        Path edges;

        @Option(names = "--vertices", required = true, description = "Vertex ids are 0 .. N-1.")
        long vertices;

        @Option(names = "--max-iterations", defaultValue = "100", description = "Supersteps at most (default: ${DEFAULT-VALUE}).")
        int maxIterations;

        /** The benchmark's name in RESULT lines. */
        abstract String name();

        /** The variant's program: {@code (vertex, component)} for every vertex. */
        abstract DataSet<Tuple2<Long, Long>> build(ExecutionEnvironment env, DataSet<Long> vertexIds, DataSet<Tuple2<Long, Long>> edgeSet);

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec, edges);
            long edgeCount = EddyBatchBench.countLines(edges);
            build(env, env.generateSequence(0, vertices - 1).name("vertex ids"), env.readCsvFile(edges.toString()).types(Long.class, Long.class))
                    .output(new ComponentsSink()).name("components sink");
            JobExecutionResult r = BatchExecution.execute(env, name());
            System.out.println("RESULT name=" + name() + " system=eddy " + figures(r, edgeCount, "edges=" + edgeCount
                    + " vertices=" + EddyBatchBench.counter(r, VERTICES) + " components=" + EddyBatchBench.counter(r, COMPONENTS)
                    + " checksum=" + EddyBatchBench.counter(r, CHECKSUM), common.parallelism));
            return 0;
        }
    }

    /** Connected components by bulk label propagation. */
    @Command(name = "connected-components-bulk", mixinStandardHelpOptions = true,
            description = "Connected components (io.eddy.examples.iteration.ConnectedComponents, a bulk iteration) until no vertex changes.")
    static final class ConnectedComponentsBulk extends ConnectedComponentsCommand {
        @Override
        String name() {
            return "connected-components-bulk";
        }

        @Override
        DataSet<Tuple2<Long, Long>> build(ExecutionEnvironment env, DataSet<Long> vertexIds, DataSet<Tuple2<Long, Long>> edgeSet) {
            return ConnectedComponents.build(env, vertexIds, edgeSet, maxIterations);
        }
    }

    /** Connected components as a delta iteration. */
    @Command(name = "connected-components", mixinStandardHelpOptions = true,
            description = "Connected components (io.eddy.examples.iteration.ConnectedComponents.buildDelta, a delta iteration) until no vertex changes.")
    static final class ConnectedComponentsDelta extends ConnectedComponentsCommand {
        @Override
        String name() {
            return "connected-components";
        }

        @Override
        DataSet<Tuple2<Long, Long>> build(ExecutionEnvironment env, DataSet<Long> vertexIds, DataSet<Tuple2<Long, Long>> edgeSet) {
            return ConnectedComponents.buildDelta(env, vertexIds, edgeSet, maxIterations);
        }
    }

    /** K-means, a fixed number of supersteps. */
    @Command(name = "kmeans", mixinStandardHelpOptions = true,
            description = "K-means (io.eddy.examples.iteration.KMeans) for --iterations supersteps; writes id,x1,...,xd lines.")
    static final class KMeansCommand implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        Common common;

        @Option(names = "--points", required = true, description = "Text of x1,...,xd lines.")
        Path points;

        @Option(names = "--centroids", required = true, description = "Text of id,x1,...,xd lines: the initial centroids.")
        Path centroids;

        @Option(names = "--iterations", defaultValue = "10", description = "Supersteps (default: ${DEFAULT-VALUE}).")
        int iterations;

        @Option(names = "--output", required = true, description = "Where the centroids go (a directory with parallelism above 1; replaced).")
        Path output;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec, points, centroids);
            long pointCount = EddyBatchBench.countLines(points);
            long k = EddyBatchBench.countLines(centroids);
            KMeans.sink(KMeans.build(env, KMeans.readPoints(env, points.toString()), KMeans.readCentroids(env, centroids.toString()), iterations),
                    output.toString());
            JobExecutionResult r = BatchExecution.execute(env, "kmeans");
            System.out.println("RESULT name=kmeans system=eddy " + figures(r, pointCount, "points=" + pointCount + " k=" + k, common.parallelism));
            return 0;
        }
    }

    /** Counts vertices and components (vertices labelled with their own id) and sums {@link IterationResults#componentChecksumShare}. */
    static final class ComponentsSink extends BatchJobs.AccumulatingSink<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private long vertices;
        private long components;
        private long checksum;

        @Override
        public void writeRecord(Tuple2<Long, Long> record) {
            vertices++;
            if (record.f0.equals(record.f1)) {
                components++;
            }
            checksum += IterationResults.componentChecksumShare(record.f0, record.f1);
        }

        @Override
        public void close() {
            add(VERTICES, vertices);
            add(COMPONENTS, components);
            add(CHECKSUM, checksum);
        }
    }
}
