package io.eddy.hadoop.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.hadoop.HadoopCounters;
import io.eddy.hadoop.mapred.HadoopMapredFunctionsITCase;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop {@code mapreduce} mappers, combiners and reducers as Eddy functions on the embedded
 * cluster (parallelism 2), on the input and checks of {@link HadoopMapredFunctionsITCase}: context
 * counters, {@code setup} reading the configuration, records written in {@code cleanup}, and
 * failures naming the class.
 */
@Timeout(120)
public class HadoopMapreduceFunctionsITCase {

    @TempDir
    Path dir;

    public enum Count { LINES, COMBINED_GROUPS, REDUCER_SETUPS }

    /** Hadoop's word count mapper (new API): one reused Text and IntWritable. */
    public static final class TokenizerMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
        private final Text word = new Text();
        private final IntWritable one = new IntWritable(1);

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            context.getCounter(Count.LINES).increment(1);
            for (String w : line.toString().trim().split("\\s+")) {
                word.set(w);
                context.write(word, one);
                context.getCounter("words", "seen").increment(1);
            }
        }
    }

    /** Sums the counts; reuses its output value; counts its setups. */
    public static class IntSumReducer extends Reducer<Text, IntWritable, Text, IntWritable> {
        private final IntWritable result = new IntWritable();

        @Override
        protected void setup(Context context) {
            context.getCounter(Count.REDUCER_SETUPS).increment(1);
        }

        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws IOException, InterruptedException {
            int sum = 0;
            for (IntWritable v : values) {
                sum += v.get();
            }
            result.set(sum);
            context.write(key, result);
        }
    }

    /** {@link IntSumReducer} as a combiner, counting groups. */
    public static final class CountingCombiner extends IntSumReducer {
        @Override
        protected void setup(Context context) {
            // A combiner is no reducer: its setups are not counted.
        }

        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws IOException, InterruptedException {
            context.getCounter(Count.COMBINED_GROUPS).increment(1);
            super.reduce(key, values, context);
        }
    }

    @Test
    void wordCountWithAHadoopMapperCombinerAndReducer() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        Path output = dir.resolve("counts");
        HadoopMapredFunctionsITCase.lines(env).mapPartition(new HadoopMapFunction<>(new TokenizerMapper()))
                .groupBy(0).reduceGroup(new HadoopReduceCombineFunction<>(new IntSumReducer(), new CountingCombiner()))
                .writeAsText(output.toString());
        JobExecutionResult result = env.execute("hadoop mapreduce word count");

        Map<String, Integer> expected = HadoopMapredFunctionsITCase.expectedCounts();
        assertThat(HadoopMapredFunctionsITCase.readCounts(output)).isEqualTo(expected);
        Counters counters = HadoopCounters.of(result);
        assertThat(counters.findCounter(Count.LINES).getValue()).isEqualTo(HadoopMapredFunctionsITCase.LINES);
        assertThat(counters.findCounter("words", "seen").getValue()).isEqualTo(expected.values().stream().mapToLong(Integer::longValue).sum());
        assertThat(counters.findCounter(Count.COMBINED_GROUPS).getValue()).isPositive();
        assertThat(counters.findCounter(Count.REDUCER_SETUPS).getValue()).as("one reducer set up per subtask").isEqualTo(2);
    }

    /** Counts in setup-created state and writes in cleanup (in-mapper combining). */
    public static final class InMapperCounts extends Mapper<LongWritable, Text, Text, IntWritable> {
        private Map<String, Integer> counts;

        @Override
        protected void setup(Context context) {
            counts = new HashMap<>();
        }

        @Override
        protected void map(LongWritable offset, Text line, Context context) {
            for (String w : line.toString().trim().split("\\s+")) {
                counts.merge(w, 1, Integer::sum);
            }
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            for (Map.Entry<String, Integer> e : counts.entrySet()) {
                context.write(new Text(e.getKey()), new IntWritable(e.getValue()));
            }
        }
    }

    /** Prefixes keys with the configured {@code test.prefix} (read in setup); writes its group count in cleanup. */
    public static final class PrefixingSum extends Reducer<Text, IntWritable, Text, IntWritable> {
        private String prefix;
        private int groups;

        @Override
        protected void setup(Context context) {
            prefix = context.getConfiguration().get("test.prefix");
        }

        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws IOException, InterruptedException {
            groups++;
            int sum = 0;
            for (IntWritable v : values) {
                sum += v.get();
            }
            context.write(new Text(prefix + key), new IntWritable(sum));
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            context.write(new Text("#groups-" + context.getTaskAttemptID().getTaskID().getId()), new IntWritable(groups));
        }
    }

    @Test
    void cleanupWritesGoDownstreamAndSetupSeesTheConfiguration() throws Exception {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        Configuration conf = new Configuration();
        conf.set("test.prefix", "w:");
        Path output = dir.resolve("prefixed");
        HadoopMapredFunctionsITCase.lines(env).mapPartition(new HadoopMapFunction<>(new InMapperCounts()))
                .groupBy(0).reduceGroup(new HadoopReduceFunction<>(new PrefixingSum(), conf))
                .writeAsText(output.toString());
        env.execute("hadoop mapreduce functions writing in cleanup");

        Map<String, Integer> words = new TreeMap<>();
        int groups = 0;
        for (Map.Entry<String, Integer> e : HadoopMapredFunctionsITCase.readCounts(output).entrySet()) {
            if (e.getKey().startsWith("#groups-")) {
                groups += e.getValue();
            } else {
                assertThat(e.getKey()).startsWith("w:");
                words.put(e.getKey().substring(2), e.getValue());
            }
        }
        assertThat(words).isEqualTo(HadoopMapredFunctionsITCase.expectedCounts());
        assertThat(groups).isEqualTo(words.size());
    }

    /** Fails in reduce for one word. */
    public static final class FailingReducer extends Reducer<Text, IntWritable, Text, IntWritable> {
        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws IOException {
            if (key.toString().equals("gamma")) {
                throw new IOException("cannot reduce gamma");
            }
        }
    }

    @Test
    void aReducerThatThrowsFailsTheJobWithItsException() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        HadoopMapredFunctionsITCase.lines(env).mapPartition(new HadoopMapFunction<>(new TokenizerMapper()))
                .groupBy(0).reduceGroup(new HadoopReduceFunction<>(new FailingReducer()))
                .writeAsText(dir.resolve("never").toString());
        assertThatThrownBy(() -> env.execute("failing reducer")).hasStackTraceContaining("cannot reduce gamma");
    }
}
