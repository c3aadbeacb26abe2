package io.eddy.benchmarks.flink.batch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.flink.api.java.ExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Flink 1.20.3 DataSet peer of Eddy's iteration benchmarks (Eddy's side: {@code
 * EddyIterationBench} in {@code benchmarks/eddy-bench}). Each command runs one program on a local
 * environment in this JVM and prints one {@code RESULT} line with {@code system=flink} and the
 * fields Eddy's line has: {@code rate} = input records (edges, points) times supersteps per second
 * of net runtime, the supersteps and their durations ({@link SuperstepTimes}), parallelism, seconds.
 */
final class FlinkIterationBench {

    private FlinkIterationBench() {}

    /** Options of every command. */
    static final class Common {
        @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
        int parallelism;

        @Option(names = "--managed-memory-mb", defaultValue = "256",
                description = "Managed memory of the TaskManager in MiB, shared by its slots (default: ${DEFAULT-VALUE}).")
        int managedMemoryMb;

        ExecutionEnvironment environment(CommandLine.Model.CommandSpec spec, Path... inputs) {
            for (Path input : inputs) {
                if (!Files.exists(input)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), input + " does not exist (generate it first, see scripts/bench)");
                }
            }
            return LocalEnvironments.create(parallelism, managedMemoryMb);
        }
    }

    /** The end of a RESULT line: rate, {@code fields}, supersteps, their durations, parallelism, seconds. */
    static String figures(long records, String fields, List<Long> superstepMillis, long netRuntimeMillis, int parallelism) {
        return String.format(Locale.ROOT, "rate=%.0f %s supersteps=%d superstep_ms=%s parallelism=%d seconds=%.2f",
                FlinkBatchBench.rate(records * superstepMillis.size(), netRuntimeMillis), fields, superstepMillis.size(),
                superstepMillis.stream().map(String::valueOf).collect(Collectors.joining(",")), parallelism, netRuntimeMillis / 1000.0);
    }

    static long countLines(Path file) throws IOException {
        try (Stream<String> lines = Files.lines(file)) {
            return lines.count();
        }
    }

    /** PageRank, a fixed number of supersteps. */
    @Command(name = "pagerank", mixinStandardHelpOptions = true, description = "PageRank (FlinkPageRank) for --iterations supersteps; writes vertex,rank lines.")
    static final class PageRank implements Callable<Integer> {
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
            long edgeCount = countLines(edges);
            FlinkPageRank.Outcome o = FlinkPageRank.run(env, edges.toString(), vertices, iterations, output.toString());
            System.out.println("RESULT name=pagerank system=flink " + figures(edgeCount, "edges=" + edgeCount + " vertices=" + vertices,
                    o.superstepMillis(), o.netRuntimeMillis(), common.parallelism));
            return 0;
        }
    }

    /** Connected components, bulk or delta. */
    abstract static class Components implements Callable<Integer> {
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

        abstract String name();

        abstract FlinkConnectedComponents.Outcome run(ExecutionEnvironment env) throws Exception;

        @Override
        public Integer call() throws Exception {
            ExecutionEnvironment env = common.environment(spec, edges);
            long edgeCount = countLines(edges);
            FlinkConnectedComponents.Outcome o = run(env);
            System.out.println("RESULT name=" + name() + " system=flink " + figures(edgeCount, "edges=" + edgeCount + " vertices=" + o.vertices()
                    + " components=" + o.components() + " checksum=" + o.checksum(), o.superstepMillis(), o.netRuntimeMillis(), common.parallelism));
            return 0;
        }
    }

    @Command(name = "connected-components-bulk", mixinStandardHelpOptions = true,
            description = "Connected components as a bulk iteration (label propagation) until no vertex changes.")
    static final class ComponentsBulk extends Components {
        @Override
        String name() {
            return "connected-components-bulk";
        }

        @Override
        FlinkConnectedComponents.Outcome run(ExecutionEnvironment env) throws Exception {
            return FlinkConnectedComponents.runBulk(env, edges.toString(), vertices, maxIterations);
        }
    }

    @Command(name = "connected-components", mixinStandardHelpOptions = true,
            description = "Connected components as a delta iteration (workset of changed vertices, join with the solution set).")
    static final class ComponentsDelta extends Components {
        @Override
        String name() {
            return "connected-components";
        }

        @Override
        FlinkConnectedComponents.Outcome run(ExecutionEnvironment env) throws Exception {
            return FlinkConnectedComponents.runDelta(env, edges.toString(), vertices, maxIterations);
        }
    }

    /** K-means, a fixed number of supersteps. */
    @Command(name = "kmeans", mixinStandardHelpOptions = true, description = "K-means (FlinkKMeans) for --iterations supersteps; writes id,x1,...,xd lines.")
    static final class KMeans implements Callable<Integer> {
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
            long pointCount = countLines(points);
            long k = countLines(centroids);
            FlinkKMeans.Outcome o = FlinkKMeans.run(env, points.toString(), centroids.toString(), iterations, output.toString());
            System.out.println("RESULT name=kmeans system=flink " + figures(pointCount, "points=" + pointCount + " k=" + k, o.superstepMillis(),
                    o.netRuntimeMillis(), common.parallelism));
            return 0;
        }
    }
}
