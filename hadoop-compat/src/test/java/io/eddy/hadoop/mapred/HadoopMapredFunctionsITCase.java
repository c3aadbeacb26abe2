package io.eddy.hadoop.mapred;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.hadoop.HadoopCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapReduceBase;
import org.apache.hadoop.mapred.Mapper;
import org.apache.hadoop.mapred.OutputCollector;
import org.apache.hadoop.mapred.Reducer;
import org.apache.hadoop.mapred.Reporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop {@code mapred} mappers, combiners and reducers as Eddy functions on the embedded cluster
 * (parallelism 2): word counts checked against a count made here, counters read back as Hadoop
 * counters, records emitted in {@code close()}, the job configuration reaching {@code configure},
 * and failures that name the Hadoop class.
 */
@Timeout(120)
public class HadoopMapredFunctionsITCase {

    public static final int LINES = 3000;
    private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda"};

    @TempDir
    Path dir;

    enum Count { LINES, WORDS, COMBINED_GROUPS }

    public static String line(long i) {
        StringBuilder b = new StringBuilder();
        for (int w = 0; w <= i % 7; w++) {
            b.append(WORDS[(int) ((i * 31 + w * 17) % WORDS.length)]).append(w % 3 == 0 ? "  " : " ");
        }
        return b.toString();
    }

    public static Map<String, Integer> expectedCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        for (long i = 0; i < LINES; i++) {
            for (String w : line(i).trim().split("\\s+")) {
                counts.merge(w, 1, Integer::sum);
            }
        }
        return counts;
    }

    /** (offset, line) records, as TextInputFormat would give them. */
    public static final class ToLine implements MapFunction<Long, Tuple2<LongWritable, Text>> {
        @Override
        public Tuple2<LongWritable, Text> map(Long i) {
            return Tuple2.of(new LongWritable(i), new Text(line(i)));
        }
    }

    public static DataSet<Tuple2<LongWritable, Text>> lines(ExecutionEnvironment env) {
        return env.generateSequence(0, LINES - 1).map(new ToLine());
    }

    /** Hadoop's word count mapper: one reused Text and IntWritable for every word. */
    public static final class Tokenizer extends MapReduceBase implements Mapper<LongWritable, Text, Text, IntWritable> {
        private final Text word = new Text();
        private final IntWritable one = new IntWritable(1);

        @Override
        public void map(LongWritable offset, Text line, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            reporter.incrCounter(Count.LINES, 1);
            for (String w : line.toString().trim().split("\\s+")) {
                word.set(w);
                out.collect(word, one);
                reporter.incrCounter("words", "seen", 1);
            }
        }
    }

    /** Sums the counts; reuses its output value. */
    public static final class Sum extends MapReduceBase implements Reducer<Text, IntWritable, Text, IntWritable> {
        private final IntWritable total = new IntWritable();

        @Override
        public void reduce(Text word, Iterator<IntWritable> counts, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            int sum = 0;
            while (counts.hasNext()) {
                sum += counts.next().get();
            }
            total.set(sum);
            out.collect(word, total);
        }
    }

    /** {@link Sum} as a combiner, counting the groups it combined. */
    public static final class CountingSum extends MapReduceBase implements Reducer<Text, IntWritable, Text, IntWritable> {
        private final Sum sum = new Sum();

        @Override
        public void reduce(Text word, Iterator<IntWritable> counts, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            reporter.incrCounter(Count.COMBINED_GROUPS, 1);
            sum.reduce(word, counts, out, reporter);
        }
    }

    public static Map<String, Integer> readCounts(Path output) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        try (Stream<Path> files = Files.walk(output)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                for (String l : Files.readAllLines(file)) {
                    int comma = l.lastIndexOf(',');
                    Integer previous = counts.put(l.substring(1, comma), Integer.parseInt(l.substring(comma + 1, l.length() - 1)));
                    assertThat(previous).as("a second record for %s", l).isNull();
                }
            }
        }
        return counts;
    }

    @Test
    void wordCountWithAHadoopMapperCombinerAndReducer() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        Path output = dir.resolve("counts");
        lines(env).mapPartition(new HadoopMapFunction<>(new Tokenizer()))
                .groupBy(0).reduceGroup(new HadoopReduceCombineFunction<>(new Sum(), new CountingSum()))
                .writeAsText(output.toString());
        JobExecutionResult result = env.execute("hadoop word count");

        Map<String, Integer> expected = expectedCounts();
        assertThat(readCounts(output)).isEqualTo(expected);
        Counters counters = HadoopCounters.of(result);
        assertThat(counters.findCounter(Count.LINES).getValue()).isEqualTo(LINES);
        long words = expected.values().stream().mapToLong(Integer::longValue).sum();
        assertThat(counters.findCounter("words", "seen").getValue()).isEqualTo(words);
        assertThat(counters.findCounter(Count.COMBINED_GROUPS).getValue()).as("groups the combiner saw").isPositive();
    }

    /** Counts in a map and emits in close() (in-mapper combining). */
    public static final class InMapperCounts extends MapReduceBase implements Mapper<LongWritable, Text, Text, IntWritable> {
        private final Map<String, Integer> counts = new HashMap<>();
        private OutputCollector<Text, IntWritable> out;

        @Override
        public void map(LongWritable offset, Text line, OutputCollector<Text, IntWritable> out, Reporter reporter) {
            this.out = out;
            for (String w : line.toString().trim().split("\\s+")) {
                counts.merge(w, 1, Integer::sum);
            }
        }

        @Override
        public void close() throws IOException {
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                out.collect(new Text(e.getKey()), new IntWritable(e.getValue()));
            }
        }
    }

    /** Prefixes its keys with the configured {@code test.prefix}, and emits the number of groups it saw in close(). */
    public static final class PrefixingSumWithGroupCount extends MapReduceBase implements Reducer<Text, IntWritable, Text, IntWritable> {
        private String prefix;
        private int groups;
        private OutputCollector<Text, IntWritable> out;

        @Override
        public void configure(JobConf job) {
            prefix = job.get("test.prefix");
        }

        @Override
        public void reduce(Text word, Iterator<IntWritable> counts, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            this.out = out;
            groups++;
            int sum = 0;
            while (counts.hasNext()) {
                sum += counts.next().get();
            }
            out.collect(new Text(prefix + word), new IntWritable(sum));
        }

        @Override
        public void close() throws IOException {
            if (out != null) {
                out.collect(new Text("#groups-" + groups + "-" + System.identityHashCode(this)), new IntWritable(groups));
            }
        }
    }

    @Test
    void recordsEmittedInCloseGoDownstreamAndTheJobConfigurationReachesConfigure() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        JobConf conf = new JobConf();
        conf.set("test.prefix", "w:");
        Path output = dir.resolve("prefixed");
        lines(env).mapPartition(new HadoopMapFunction<>(new InMapperCounts()))
                .groupBy(0).reduceGroup(new HadoopReduceFunction<>(new PrefixingSumWithGroupCount(), conf))
                .writeAsText(output.toString());
        env.execute("hadoop functions emitting in close");

        Map<String, Integer> counts = readCounts(output);
        Map<String, Integer> words = new TreeMap<>();
        int groupsReported = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            if (e.getKey().startsWith("#groups-")) {
                groupsReported += e.getValue();
            } else {
                assertThat(e.getKey()).startsWith("w:");
                words.put(e.getKey().substring(2), e.getValue());
            }
        }
        assertThat(words).isEqualTo(expectedCounts());
        assertThat(groupsReported).as("groups counted by the reducers' close()").isEqualTo(expectedCounts().size());
    }

    /** Fails on the line of offset 1234. */
    public static final class FailingMapper extends MapReduceBase implements Mapper<LongWritable, Text, Text, IntWritable> {
        @Override
        public void map(LongWritable offset, Text line, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            if (offset.get() == 1234) {
                throw new IOException("bad record at offset 1234");
            }
        }
    }

    @Test
    void aMapperThatThrowsFailsTheJobWithItsException() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        lines(env).mapPartition(new HadoopMapFunction<>(new FailingMapper())).writeAsText(dir.resolve("never").toString());
        assertThatThrownBy(() -> env.execute("failing mapper")).hasStackTraceContaining("bad record at offset 1234");
    }

    /** A combiner that emits in close(), which Eddy's combine step cannot deliver. */
    public static final class EmittingInCloseCombiner extends MapReduceBase implements Reducer<Text, IntWritable, Text, IntWritable> {
        private OutputCollector<Text, IntWritable> out;

        @Override
        public void reduce(Text word, Iterator<IntWritable> counts, OutputCollector<Text, IntWritable> out, Reporter reporter) throws IOException {
            this.out = out;
            new Sum().reduce(word, counts, out, reporter);
        }

        @Override
        public void close() throws IOException {
            out.collect(new Text("late"), new IntWritable(1));
        }
    }

    @Test
    void aCombinerThatEmitsInCloseFailsTheJobNamingIt() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        lines(env).mapPartition(new HadoopMapFunction<>(new Tokenizer()))
                .groupBy(0).reduceGroup(new HadoopReduceCombineFunction<>(new Sum(), new EmittingInCloseCombiner()))
                .writeAsText(dir.resolve("never").toString());
        assertThatThrownBy(() -> env.execute("combiner emitting in close"))
                .hasStackTraceContaining(EmittingInCloseCombiner.class.getName())
                .hasStackTraceContaining("after its input ended");
    }

    /** Pairs each record's word with the word of the record before it, which it keeps: a chained function holding on to what it received. */
    public static final class WithPrevious implements MapFunction<Tuple2<Text, IntWritable>, Tuple2<String, String>> {
        private Tuple2<Text, IntWritable> previous;

        @Override
        public Tuple2<String, String> map(Tuple2<Text, IntWritable> record) {
            Tuple2<String, String> pair = Tuple2.of(previous == null ? "" : previous.f0.toString(), record.f0.toString());
            previous = record;
            return pair;
        }
    }

    @Test
    void aChainedFunctionKeepingTheMappersRecordsSeesEachRecordNotTheMappersReusedObject() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(1);
        java.util.List<Tuple2<String, String>> pairs = lines(env).mapPartition(new HadoopMapFunction<>(new Tokenizer()))
                .map(new WithPrevious()).collect();
        java.util.List<Tuple2<String, String>> expected = new java.util.ArrayList<>();
        String previous = "";
        for (long i = 0; i < LINES; i++) {
            for (String w : line(i).trim().split("\\s+")) {
                expected.add(Tuple2.of(previous, w));
                previous = w;
            }
        }
        assertThat(pairs).isEqualTo(expected);
    }

    @Test
    void theOutputTypeComesFromTheFunctionClass() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Tuple2<Text, IntWritable>> words = lines(env).mapPartition(new HadoopMapFunction<>(new Tokenizer()));
        assertThat(words.getType()).isEqualTo(io.eddy.api.common.typeinfo.TypeInfo.of(new TypeHint<Tuple2<Text, IntWritable>>() {}));
    }
}
