package io.eddy.examples.iteration;

import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.api.java.tuple.Tuple1;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.benchmarks.data.iteration.RmatGenerator;
import io.eddy.examples.batch.PrintOutputFormat;
import io.eddy.examples.wordcount.InputPaths;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The graph options the graph examples share (a picocli mixin): edges from a CSV file of {@code
 * source,target} lines ({@code --edges}), or a generated {@link RmatGenerator R-MAT} graph
 * ({@code --scale}, {@code --edge-factor}, {@code --seed}); and where the result goes.
 */
final class GraphInput {

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--edges", paramLabel = "PATH", description = "CSV of source,target vertex ids (long), local or hdfs:// (default: a generated R-MAT graph).")
    String edges;

    @Option(names = "--vertices", paramLabel = "N", description = "With --edges: the number of vertices; ids are 0 .. N-1 (PageRank needs it).")
    Long vertices;

    @Option(names = "--scale", defaultValue = "10", description = "Generated graph: 2^scale vertices (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(names = "--edge-factor", defaultValue = "8", description = "Generated graph: edges per vertex (default: ${DEFAULT-VALUE}).")
    int edgeFactor;

    @Option(names = "--seed", defaultValue = "42", description = "Generated graph: random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--output", paramLabel = "PATH", description = "Write the result as CSV here (a directory if the parallelism is above 1) instead of printing it.")
    String output;

    private RmatGenerator.Graph generated;

    /** The edges: the file's (checked to exist) or the generated graph's. */
    DataSet<Tuple2<Long, Long>> edges(ExecutionEnvironment env) {
        if (edges != null) {
            InputPaths.requireExisting(spec, "--edges", edges);
            return env.readCsvFile(edges).types(Long.class, Long.class);
        }
        RmatGenerator.Graph graph = generated();
        List<Tuple2<Long, Long>> list = new ArrayList<>(graph.edgeCount());
        for (int i = 0; i < graph.edgeCount(); i++) {
            list.add(Tuple2.of(graph.sources()[i], graph.targets()[i]));
        }
        return env.fromCollection(list).name("R-MAT edges");
    }

    /**
     * The vertex ids, from a source of their own (not derived from {@link #edges}: see
     * docs/dataset-api.md, iteration examples): {@code 0 .. N-1} of the generated graph or of
     * {@code --vertices}, otherwise the distinct endpoints of a second read of the edge file.
     */
    DataSet<Long> vertices(ExecutionEnvironment env) {
        if (edges == null || vertices != null) {
            return env.generateSequence(0, vertexCount() - 1).name("vertex ids");
        }
        return edges(env).flatMap(new Endpoints()).name("endpoints").distinct(0).name("distinct endpoints")
                .map(t -> t.f0).returns(Long.class).name("vertex ids");
    }

    /** The number of vertices: the generated graph's, or {@code --vertices}. */
    long vertexCount() {
        if (edges == null) {
            return generated().vertexCount();
        }
        if (vertices == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--edges needs --vertices N: the vertex ids are 0 .. N-1");
        }
        if (vertices < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--vertices: " + vertices + " (expected: at least 1)");
        }
        return vertices;
    }

    RmatGenerator.Graph generated() {
        if (generated == null) {
            generated = RmatGenerator.generate(scale, edgeFactor, seed);
        }
        return generated;
    }

    /** Writes {@code result} as CSV to {@code --output}, or prints it. */
    <T extends Tuple> void sink(DataSet<T> result) {
        sink(result, output);
    }

    /** Writes {@code result} as CSV to {@code output}, or prints it if {@code output} is null. */
    static <T extends Tuple> void sink(DataSet<T> result, String output) {
        if (output != null) {
            result.writeAsCsv(output, WriteMode.OVERWRITE).name("CSV sink");
        } else {
            result.output(new PrintOutputFormat<>()).name("print");
        }
    }

    /** Both endpoints of an edge. */
    static final class Endpoints implements FlatMapFunction<Tuple2<Long, Long>, Tuple1<Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(Tuple2<Long, Long> edge, Collector<Tuple1<Long>> out) {
            out.collect(Tuple1.of(edge.f0));
            out.collect(Tuple1.of(edge.f1));
        }
    }
}
