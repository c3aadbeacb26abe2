package io.eddy.master.batch;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.NumberSequenceInputFormat;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.io.TextInputFormat;
import io.eddy.api.common.io.TextOutputFormat;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Batch job graphs built by hand (the optimizer that writes them is built separately): batch
 * sources and sinks over text files, with and without a broadcast variable, and helpers to read
 * what a sink committed.
 */
public final class BatchIoGraphs {

    private BatchIoGraphs() {}

    /** One vertex of parallelism {@code p}: {@code batchSource(text files) -> map -> batchSink(text)}, all chained. */
    public static JobGraph textPipeline(String input, String output, int p, MapFunction<String, String> map) {
        TextInputFormat in = new TextInputFormat(input);
        OperatorDescriptor source = OperatorDescriptor.builder(new BatchKinds.BatchSource(in)).outputType(Types.STRING).build();
        OperatorDescriptor mapper = OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(map).inputType(Types.STRING)
                .outputType(Types.STRING).build();
        JobVertex vertex = vertex(0, "Source: lines -> Map -> Sink: text", p, List.of(
                spec("Source: lines", source, List.of(OperatorOutput.chained(1, 0))),
                spec("Map", mapper, List.of(OperatorOutput.chained(2, 0))),
                spec("Sink: text", sink(new TextOutputFormat<>(output), Types.STRING), List.of())));
        return graph("text pipeline", List.of(vertex), List.of());
    }

    /**
     * Numbers 0..n-1 (parallelism 2) -> a rich map (parallelism 2) that reads broadcast variable
     * {@code "dict"} (the lines of {@code dictFile}, read by a source of parallelism 1) in {@code
     * open()} and writes {@code "<dict line (v mod size)>:<v>"} -> a text sink.
     */
    public static JobGraph broadcastJob(String dictFile, String output, long n) {
        JobVertex dict = vertex(0, "Source: dict", 1, List.of(spec("Source: dict", source(new TextInputFormat(dictFile), Types.STRING),
                List.of(OperatorOutput.network(0)))));
        JobVertex numbers = vertex(1, "Source: numbers", 2, List.of(spec("Source: numbers",
                source(new NumberSequenceInputFormat(0, n - 1), Types.LONG), List.of(OperatorOutput.network(0)))));
        OperatorDescriptor lookup = OperatorDescriptor.builder(OperatorKinds.MAP).userFunction(new DictionaryLookup())
                .inputType(Types.LONG).outputType(Types.STRING).broadcastNames(List.of("dict")).build();
        JobVertex mapVertex = vertex(2, "Map -> Sink", 2, List.of(
                spec("Lookup", lookup, List.of(OperatorOutput.chained(1, 0))),
                spec("Sink: text", sink(new TextOutputFormat<>(output), Types.STRING), List.of())));
        JobEdge broadcast = new JobEdge(dict.id(), 0, mapVertex.id(), 1, 0, EdgeRole.BROADCAST, ShipStrategy.BROADCAST,
                ExchangeMode.PIPELINED, null, InstantiationUtil.serialize(Types.STRING, "type"));
        JobEdge data = new JobEdge(numbers.id(), 0, mapVertex.id(), 0, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null,
                InstantiationUtil.serialize(Types.LONG, "type"));
        return graph("broadcast lookup", List.of(dict, numbers, mapVertex), List.of(data, broadcast));
    }

    /** Looks each number up in broadcast variable "dict", read in open(). */
    public static final class DictionaryLookup extends RichMapFunction<Long, String> {
        private static final long serialVersionUID = 1L;
        private transient List<String> dict;

        @Override
        public void open() {
            dict = getRuntimeContext().getBroadcastVariable("dict");
            if (dict.isEmpty()) {
                throw new IllegalStateException("broadcast variable 'dict' is empty in open()");
            }
        }

        @Override
        public String map(Long value) {
            return dict.get((int) (value % dict.size())) + ":" + value;
        }
    }

    static OperatorDescriptor source(InputFormat<?, ?> format, TypeInfo<?> type) {
        return OperatorDescriptor.builder(new BatchKinds.BatchSource(format)).outputType(type).build();
    }

    static OperatorDescriptor sink(OutputFormat<?> format, TypeInfo<?> type) {
        return OperatorDescriptor.builder(new BatchKinds.BatchSink(format)).inputType(type).build();
    }

    static OperatorSpec spec(String name, OperatorDescriptor d, List<OperatorOutput> outputs) {
        return new OperatorSpec(name + "-uid", name, d.kind().name(), InstantiationUtil.serialize(d, "operator " + name), outputs);
    }

    static JobVertex vertex(int id, String name, int p, List<OperatorSpec> chain) {
        return new JobVertex(new JobVertexId(id), name, p, 128, chain);
    }

    static JobGraph graph(String name, List<JobVertex> vertices, List<JobEdge> edges) {
        return new JobGraph(JobId.generate(), name, vertices, edges, 10,
                InstantiationUtil.serialize(new SerializerConfig(), "serializer config"), Map.of());
    }

    /** Writes {@code files} files of {@code linesPerFile} lines {@code "line <file>-<i>"} into {@code dir}; returns all lines. */
    public static List<String> writeInput(Path dir, int files, int linesPerFile) throws IOException {
        Files.createDirectories(dir);
        List<String> all = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < linesPerFile; i++) {
                lines.add("line " + f + "-" + i);
            }
            Files.write(dir.resolve("part-" + f + ".txt"), lines, StandardCharsets.UTF_8);
            all.addAll(lines);
        }
        return all;
    }

    /** The names in {@code dir} that a reader sees (not starting with '.' or '_'). */
    public static List<String> visibleFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> !n.startsWith(".") && !n.startsWith("_")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every line of the visible files in {@code dir}. */
    public static List<String> readOutput(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String name : visibleFiles(dir)) {
            lines.addAll(Files.readAllLines(dir.resolve(name), StandardCharsets.UTF_8));
        }
        return lines;
    }
}
