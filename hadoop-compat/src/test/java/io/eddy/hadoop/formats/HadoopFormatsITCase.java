package io.eddy.hadoop.formats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopSplit;
import io.eddy.hadoop.mapred.HadoopInputs;
import io.eddy.hadoop.mapreduce.HadoopOutputFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.lib.input.CombineTextInputFormat;
import org.apache.hadoop.mapreduce.lib.input.KeyValueTextInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop input and output formats of both APIs as Eddy sources and sinks on the embedded cluster
 * (parallelism 2), on real local files: text (plain, gzip, bzip2), key-value text, N lines,
 * combined small files, SequenceFiles written and read back, and the output committer's protocol
 * ({@code _SUCCESS} and part files after a finished job; nothing after a failed one; an existing
 * output directory refused).
 */
@Timeout(120)
class HadoopFormatsITCase {

    private static final int LINES = 5000;

    @TempDir
    Path dir;

    private static List<String> lines(int n, String prefix) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            lines.add(prefix + i + "\tvalue " + (i * 7919 % 1000));
        }
        return lines;
    }

    private Path writeText(String name, List<String> lines, CompressionCodec codec) throws IOException {
        Path file = dir.resolve("in").resolve(name);
        Files.createDirectories(file.getParent());
        OutputStream raw = Files.newOutputStream(file);
        // One resource: closing the writer closes the codec's stream, which closes the file.
        try (Writer writer = new java.io.OutputStreamWriter(codec == null ? raw : codec.createOutputStream(raw), StandardCharsets.UTF_8)) {
            for (String line : lines) {
                writer.write(line);
                writer.write('\n');
            }
        }
        return file;
    }

    /** The text of a line record. */
    public static final class LineText implements MapFunction<Tuple2<LongWritable, Text>, String> {
        @Override
        public String map(Tuple2<LongWritable, Text> record) {
            return record.f1.toString();
        }
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().collect(Collectors.toList());
    }

    @Test
    void textFilesPlainGzipAndBzip2ReadThroughBothApis() throws Exception {
        List<String> expected = new ArrayList<>();
        Configuration conf = new Configuration();
        for (String[] file : new String[][] {{"plain.txt", null}, {"gzipped.txt.gz", "gzip"}, {"bzipped.txt.bz2", "bzip2"}}) {
            Class<? extends CompressionCodec> codecClass = file[1] == null ? null : file[1].equals("gzip") ? GzipCodec.class : BZip2Codec.class;
            CompressionCodec codec = codecClass == null ? null : ReflectionUtils.newInstance(codecClass, conf);
            List<String> content = lines(LINES, file[0] + ":");
            writeText(file[0], content, codec);
            expected.addAll(content);
        }
        String input = dir.resolve("in").toString();

        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<String> mapred = env.createInput(HadoopInputs.readHadoopFile(new org.apache.hadoop.mapred.TextInputFormat(), LongWritable.class,
                Text.class, input)).map(new LineText()).collect();
        assertThat(sorted(mapred)).isEqualTo(sorted(expected));

        List<String> mapreduce = env.createInput(io.eddy.hadoop.mapreduce.HadoopInputs.readHadoopFile(
                new org.apache.hadoop.mapreduce.lib.input.TextInputFormat(), LongWritable.class, Text.class, input)).map(new LineText()).collect();
        assertThat(sorted(mapreduce)).isEqualTo(sorted(expected));
    }

    @Test
    void theOffsetsAreThoseOfTheLinesInTheFile() throws Exception {
        List<String> content = lines(LINES, "");
        writeText("plain.txt", content, null);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<LongWritable, Text>> records = env.createInput(HadoopInputs.readHadoopFile(new org.apache.hadoop.mapred.TextInputFormat(),
                LongWritable.class, Text.class, dir.resolve("in").toString())).collect();
        long offset = 0;
        java.util.Map<Long, String> byOffset = new java.util.HashMap<>();
        for (Tuple2<LongWritable, Text> r : records) {
            byOffset.put(r.f0.get(), r.f1.toString());
        }
        for (String line : content) {
            assertThat(byOffset.get(offset)).as("the line at offset %d", offset).isEqualTo(line);
            offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        }
    }

    /** Key and value of a key-value text record. */
    public static final class KeyValue implements MapFunction<Tuple2<Text, Text>, String> {
        @Override
        public String map(Tuple2<Text, Text> record) {
            return record.f0 + "=" + record.f1;
        }
    }

    @Test
    void keyValueTextSplitsEachLineAtTheFirstTab() throws Exception {
        List<String> content = lines(LINES, "k");
        writeText("kv.txt", content, null);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<String> read = env.createInput(io.eddy.hadoop.mapreduce.HadoopInputs.readHadoopFile(new KeyValueTextInputFormat(), Text.class,
                Text.class, dir.resolve("in").toString())).map(new KeyValue()).collect();
        assertThat(sorted(read)).isEqualTo(sorted(content.stream().map(l -> l.replaceFirst("\t", "=")).collect(Collectors.toList())));
    }

    @Test
    void nLineInputGivesOneSplitPerNLinesAndCombinedInputFewSplitsForManyFiles() throws Exception {
        writeText("n.txt", lines(1000, "n"), null);
        Configuration nLines = new Configuration();
        nLines.setInt(NLineInputFormat.LINES_PER_MAP, 100);
        io.eddy.hadoop.mapreduce.HadoopInputFormat<LongWritable, Text> byLines = io.eddy.hadoop.mapreduce.HadoopInputs.readHadoopFile(
                new NLineInputFormat(), LongWritable.class, Text.class, dir.resolve("in").toString(), nLines);
        HadoopSplit[] lineSplits = byLines.createInputSplits(2);
        assertThat(lineSplits).hasSize(10);
        HadoopSplit[] fileSplits = HadoopInputs.readHadoopFile(new org.apache.hadoop.mapred.TextInputFormat(), LongWritable.class, Text.class,
                dir.resolve("in").toString()).createInputSplits(2);
        assertThat(fileSplits).isNotEmpty().allSatisfy(split -> assertThat(split.getHostnames())
                .as("the hosts of the file's blocks, for the locality of the split's assignment").containsExactly("localhost"));
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        assertThat(env.createInput(byLines).count()).isEqualTo(1000);

        Path many = dir.resolve("many");
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < 30; f++) {
            List<String> content = lines(50, "f" + f + "-");
            Path file = many.resolve("part" + f);
            Files.createDirectories(many);
            Files.write(file, content);
            expected.addAll(content);
        }
        Configuration combined = new Configuration();
        combined.setLong("mapreduce.input.fileinputformat.split.maxsize", 64L << 20);
        io.eddy.hadoop.mapreduce.HadoopInputFormat<LongWritable, Text> combining = io.eddy.hadoop.mapreduce.HadoopInputs.readHadoopFile(
                new CombineTextInputFormat(), LongWritable.class, Text.class, many.toString(), combined);
        HadoopSplit[] splits = combining.createInputSplits(2);
        assertThat(splits.length).as("30 small files in few splits").isLessThanOrEqualTo(2);
        assertThat(sorted(env.createInput(combining).map(new LineText()).collect())).isEqualTo(sorted(expected));
    }

    /** (i, "record i"). */
    public static final class Numbered implements MapFunction<Long, Tuple2<IntWritable, Text>> {
        @Override
        public Tuple2<IntWritable, Text> map(Long i) {
            return Tuple2.of(new IntWritable(i.intValue()), new Text("record " + i));
        }
    }

    @Test
    void sequenceFilesWrittenThroughTheCommitterReadBackWithTheOtherApi() throws Exception {
        Path out = dir.resolve("seq");
        org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(new Configuration());
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toUri()));
        job.setOutputKeyClass(IntWritable.class);
        job.setOutputValueClass(Text.class);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<IntWritable, Text>> records = env.generateSequence(0, LINES - 1).map(new Numbered());
        records.output(new HadoopOutputFormat<>(new SequenceFileOutputFormat<IntWritable, Text>(), job.getConfiguration()));
        env.execute("write a SequenceFile");

        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".")).sorted())
                    .containsExactly("_SUCCESS", "part-r-00000", "part-r-00001");
        }
        List<Tuple2<IntWritable, Text>> back = env.createInput(HadoopInputs.readHadoopFile(
                new org.apache.hadoop.mapred.SequenceFileInputFormat<IntWritable, Text>(), IntWritable.class, Text.class, out.toString())).collect();
        assertThat(back).hasSize(LINES);
        for (Tuple2<IntWritable, Text> r : back) {
            assertThat(r.f1.toString()).isEqualTo("record " + r.f0.get());
        }
        List<Tuple2<IntWritable, Text>> backNewApi = env.createInput(io.eddy.hadoop.mapreduce.HadoopInputs.readHadoopFile(
                new SequenceFileInputFormat<IntWritable, Text>(), IntWritable.class, Text.class, out.toString())).collect();
        assertThat(backNewApi).hasSize(LINES);
    }

    /** Fails once it has passed half the records on. */
    public static final class FailHalfWay implements MapFunction<Tuple2<IntWritable, Text>, Tuple2<IntWritable, Text>> {
        @Override
        public Tuple2<IntWritable, Text> map(Tuple2<IntWritable, Text> record) {
            if (record.f0.get() == LINES / 2) {
                throw new IllegalStateException("record " + LINES / 2 + " is bad");
            }
            return record;
        }
    }

    /**
     * A failed job: no {@code _SUCCESS}, no attempt directories, and nothing of the failed task.
     * With the committer's algorithm 1 the output directory holds nothing at all; with algorithm 2
     * (Hadoop's default here, mapred-default.xml) tasks that finished have moved their files into
     * it at task commit, as they do on Hadoop.
     */
    @Test
    void aFailedJobLeavesNoOutputThatLooksCompleteAndAnExistingOutputIsRefused() throws Exception {
        for (int algorithm : new int[] {1, 2}) {
            Path out = dir.resolve("failed-v" + algorithm);
            JobConf job = new JobConf();
            job.setInt("mapreduce.fileoutputcommitter.algorithm.version", algorithm);
            org.apache.hadoop.mapred.FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toUri()));
            ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
            env.generateSequence(0, LINES - 1).map(new Numbered()).map(new FailHalfWay())
                    .output(new io.eddy.hadoop.mapred.HadoopOutputFormat<>(new org.apache.hadoop.mapred.TextOutputFormat<IntWritable, Text>(), job));
            assertThatThrownBy(() -> env.execute("failing job")).hasStackTraceContaining("is bad");
            List<String> left = new ArrayList<>();
            if (Files.exists(out)) {
                try (Stream<Path> files = Files.walk(out)) {
                    files.filter(p -> !p.equals(out)).map(p -> out.relativize(p).toString()).filter(n -> !n.endsWith(".crc")).forEach(left::add);
                }
            }
            assertThat(left).as("left by the failed job, algorithm %d", algorithm).doesNotContain("_SUCCESS")
                    .noneMatch(n -> n.startsWith("_temporary"));
            if (algorithm == 1) {
                assertThat(left).as("left by the failed job, algorithm 1").isEmpty();
            } else {
                assertThat(left).as("left by the failed job, algorithm 2: at most the finished task's file").isSubsetOf("part-00000", "part-00001")
                        .hasSizeLessThan(2);
            }
        }

        Path existing = dir.resolve("existing");
        Files.createDirectories(existing);
        JobConf second = new JobConf();
        org.apache.hadoop.mapred.FileOutputFormat.setOutputPath(second, new org.apache.hadoop.fs.Path(existing.toUri()));
        ExecutionEnvironment env2 = ExecutionEnvironment.createLocalEnvironment(2);
        env2.generateSequence(0, 9).map(new Numbered())
                .output(new io.eddy.hadoop.mapred.HadoopOutputFormat<>(new org.apache.hadoop.mapred.TextOutputFormat<IntWritable, Text>(), second));
        assertThatThrownBy(() -> env2.execute("existing output")).hasStackTraceContaining("FileAlreadyExistsException")
                .hasStackTraceContaining("already exists").hasStackTraceContaining(existing.getFileName().toString());
    }
}
