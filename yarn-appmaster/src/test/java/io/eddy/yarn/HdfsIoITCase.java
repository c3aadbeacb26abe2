package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.io.FileInputSplit;
import io.eddy.api.common.io.TextInputFormat;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Batch and streaming file I/O on a real HDFS ({@code MiniDFSCluster}, one DataNode), with the jobs
 * on the embedded cluster: WordCount from {@code hdfs://} text files (several blocks, so several
 * splits) to {@code hdfs://} CSV, read back with {@code readCsvFile} and written with {@code
 * writeAsText}; the streaming text file source and text sink on {@code hdfs://}; input splits carry
 * the DataNode as their host.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HdfsIoITCase {

    private static final int BLOCK_SIZE = 1024 * 1024;
    private static final String[] VOCABULARY = {"river", "eddy", "stream", "batch", "hdfs", "yarn", "block", "split", "Node", "DATA"};

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.builder().hdfsOnly().build();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    /** The lines of the input directory, in file order. */
    private static List<String> inputLines;
    private static String input;

    @BeforeAll
    static void writeInput() throws IOException {
        FileSystem fs = HADOOP.fileSystem();
        input = HADOOP.hdfsUri() + "/in/words";
        Random random = new Random(7);
        inputLines = new ArrayList<>();
        // ~2.8 MB in 1 MB blocks: the first file has three blocks, so several splits.
        inputLines.addAll(write(fs, new Path(input, "a.txt"), 60_000, random));
        inputLines.addAll(write(fs, new Path(input, "b.txt"), 100, random));
        write(fs, new Path(input, "_SUCCESS"), 0, random);
        try (OutputStream hidden = fs.create(new Path(input, ".hidden.txt"))) {
            hidden.write("hidden words are not read\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    private static List<String> write(FileSystem fs, Path file, int lines, Random random) throws IOException {
        List<String> written = new ArrayList<>();
        try (OutputStream out = fs.create(file, true, 64 * 1024, (short) 1, BLOCK_SIZE)) {
            for (int i = 0; i < lines; i++) {
                StringBuilder line = new StringBuilder();
                int words = 1 + random.nextInt(12);
                for (int w = 0; w < words; w++) {
                    line.append(w == 0 ? "" : random.nextBoolean() ? " " : ", ").append(VOCABULARY[random.nextInt(VOCABULARY.length)]);
                }
                line.append(" l").append(i);
                written.add(line.toString());
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return written;
    }

    @Test
    void inputSplitsOfAnHdfsFileNameTheDataNodeAsTheirHost() throws IOException {
        FileInputSplit[] splits = new TextInputFormat(input).createInputSplits(1);
        String dataNodeHost = HADOOP.dfs().getDataNodes().get(0).getDatanodeId().getHostName();
        assertThat(splits).as("one split per block: a.txt has 3 blocks, b.txt one").hasSize(4);
        assertThat(splits).extracting(FileInputSplit::getStart).containsExactly(0L, (long) BLOCK_SIZE, 2L * BLOCK_SIZE, 0L);
        assertThat(splits).allSatisfy(split -> {
            assertThat(split.getPath()).startsWith(HADOOP.hdfsUri());
            assertThat(split.getHostnames()).containsExactly(dataNodeHost);
            assertThat(split.getLength()).isLessThanOrEqualTo(BLOCK_SIZE);
        });
    }

    @Test
    void batchWordCountReadsAndWritesHdfs() throws Exception {
        String counts = HADOOP.hdfsUri() + "/out/word-counts";
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.readTextFile(input).flatMap(new Words()).groupBy(0).sum(1).writeAsCsv(counts);
        run(env.getJobGraph("word count hdfs -> hdfs"));

        FileSystem fs = HADOOP.fileSystem();
        assertThat(names(fs, new Path(counts))).as("one file per subtask and the commit marker").containsExactly("1", "2", "_SUCCESS");
        Map<String, Integer> actual = new TreeMap<>();
        for (String line : readLines(fs, new Path(counts))) {
            String[] fields = line.split(",");
            assertThat(actual.put(fields[0], Integer.parseInt(fields[1]))).as("word %s appears once", fields[0]).isNull();
        }
        Map<String, Integer> expected = expectedCounts();
        assertThat(actual).isEqualTo(expected);

        // The CSV read back from HDFS and written as text (one file with parallelism 1).
        String text = HADOOP.hdfsUri() + "/out/word-counts.txt";
        ExecutionEnvironment again = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        again.setParallelism(1);
        again.readCsvFile(counts).types(String.class, Integer.class).map(new Format()).writeAsText(text);
        run(again.getJobGraph("csv on hdfs -> text on hdfs"));
        assertThat(fs.getFileStatus(new Path(text)).isFile()).isTrue();
        List<String> expectedText = new ArrayList<>();
        expected.forEach((word, count) -> expectedText.add(word + "=" + count));
        assertThat(sorted(readLines(fs, new Path(text)))).isEqualTo(sorted(expectedText));
    }

    @Test
    void theStreamingTextSourceAndSinkWorkOnHdfs() throws Exception {
        String out = HADOOP.hdfsUri() + "/out/stream-lines";
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.readTextFile(input).writeAsText(out);
        run(env.getJobGraph("text on hdfs -> stream -> text on hdfs"));

        FileSystem fs = HADOOP.fileSystem();
        assertThat(names(fs, new Path(out))).containsExactly("1", "2");
        assertThat(sorted(readLines(fs, new Path(out)))).as("every line once, the hidden and marker files skipped")
                .isEqualTo(sorted(inputLines));

        StreamExecutionEnvironment again = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        assertThatThrownBy(() -> again.readTextFile(input).writeAsText(out)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(out).hasMessageContaining("already exists");
        String missing = HADOOP.hdfsUri() + "/no/such/input";
        assertThatThrownBy(() -> again.readTextFile(missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing).hasMessageContaining("does not exist");
    }

    private static void run(JobGraph graph) throws Exception {
        CLUSTER.submit(graph).getJobResult().get(90, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
    }

    private static Map<String, Integer> expectedCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        List<String> words = new ArrayList<>();
        Collector<Tuple2<String, Integer>> collector = new Collector<>() {
            @Override
            public void collect(Tuple2<String, Integer> record) {
                words.add(record.f0);
            }

            @Override
            public void close() {
            }
        };
        for (String line : inputLines) {
            new Words().flatMap(line, collector);
        }
        words.forEach(w -> counts.merge(w, 1, Integer::sum));
        return counts;
    }

    /** A sorted copy (AssertJ's any-order list comparisons are quadratic: too slow for 60,000 lines). */
    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }

    /** The names in {@code dir}, sorted. */
    private static List<String> names(FileSystem fs, Path dir) throws IOException {
        return Arrays.stream(fs.listStatus(dir)).map(s -> s.getPath().getName()).sorted().toList();
    }

    /** The lines of {@code path}: a file, or the visible files of a directory. */
    private static List<String> readLines(FileSystem fs, Path path) throws IOException {
        List<String> lines = new ArrayList<>();
        FileStatus status = fs.getFileStatus(path);
        FileStatus[] files = status.isDirectory() ? fs.listStatus(path) : new FileStatus[] {status};
        for (FileStatus file : files) {
            String name = file.getPath().getName();
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    /** Lower-case words (runs of letters and digits) as {@code (word, 1)}. */
    static final class Words implements FlatMapFunction<String, Tuple2<String, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String word : line.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
                if (!word.isEmpty()) {
                    out.collect(Tuple2.of(word, 1));
                }
            }
        }
    }

    /** {@code (word, count)} as {@code word=count}. */
    static final class Format implements MapFunction<Tuple2<String, Integer>, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(Tuple2<String, Integer> value) {
            return value.f0 + "=" + value.f1;
        }
    }
}
