package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.SecondarySort;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapReduceBase;
import org.apache.hadoop.mapred.MapRunnable;
import org.apache.hadoop.mapred.OutputCollector;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.mapred.lib.LongSumReducer;
import org.apache.hadoop.mapred.lib.TokenCountMapper;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.chain.ChainMapper;
import org.apache.hadoop.mapreduce.lib.input.KeyValueTextInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * MapReduce jobs configured as their drivers configure them, with the classes of Hadoop's own
 * example jobs (hadoop-mapreduce-examples) and library, run twice: by Hadoop's local job runner and
 * as one Eddy dataflow ({@link MapReduceDataflow}, embedded cluster, map parallelism 2). Their
 * output files must be byte-identical: same part files, same lines, same order within each file.
 */
@Timeout(180)
class MapReduceDataflowITCase {

    private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda",
        "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon"};

    @TempDir
    Path dir;

    private Path input;

    private void writeWords(int files, int lines) throws IOException {
        input = dir.resolve("in");
        Files.createDirectories(input);
        Random random = new Random(11);
        for (int f = 0; f < files; f++) {
            List<String> content = new ArrayList<>();
            for (int l = 0; l < lines; l++) {
                StringBuilder line = new StringBuilder();
                int words = 1 + random.nextInt(12);
                for (int w = 0; w < words; w++) {
                    line.append(WORDS[(int) Math.min(WORDS.length - 1, Math.abs(random.nextGaussian()) * 6)]).append(' ');
                }
                content.add(line.toString().trim());
            }
            Files.write(input.resolve("part" + f + ".txt"), content);
        }
    }

    /** Runs the job {@code configure} sets up on the local job runner into {@code local} and as an Eddy dataflow into {@code eddy}. */
    private void runBoth(Consumer<Job> configure, Path local, Path eddy) throws Exception {
        Configuration base = new Configuration();
        base.set("mapreduce.framework.name", "local");
        // The local job runner asks the input format for one split (it sets mapreduce.job.maps = 1); so does Eddy then.
        base.setInt("mapreduce.job.maps", 1);
        base.set("fs.defaultFS", "file:///");
        base.setInt("mapreduce.client.completion.pollinterval", 100);

        Job hadoop = Job.getInstance(base, "hadoop");
        configure.accept(hadoop);
        FileInputFormat.addInputPath(hadoop, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(hadoop, new org.apache.hadoop.fs.Path(local.toUri()));
        assertThat(hadoop.waitForCompletion(false)).as("the local job runner's run").isTrue();

        Job onEddy = Job.getInstance(base, "eddy");
        configure.accept(onEddy);
        FileInputFormat.addInputPath(onEddy, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(onEddy, new org.apache.hadoop.fs.Path(eddy.toUri()));
        JobConf conf = new JobConf(onEddy.getConfiguration());
        boolean newApi = conf.get("mapreduce.job.map.class") != null || conf.get("mapreduce.job.reduce.class") != null;
        conf.setUseNewMapper(newApi);
        conf.setUseNewReducer(newApi);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        MapReduceDataflow.translate(env, conf, new JobID("eddytest", 1));
        env.execute("eddy");
    }

    private static TreeMap<String, byte[]> files(Path output) throws IOException {
        TreeMap<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(output)) {
            for (Path p : list.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                files.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return files;
    }

    private static void assertSameFiles(Path local, Path eddy) throws IOException {
        TreeMap<String, byte[]> expected = files(local);
        TreeMap<String, byte[]> actual = files(eddy);
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        for (String name : expected.keySet()) {
            assertThat(new String(actual.get(name))).as("file %s", name).isEqualTo(new String(expected.get(name)));
        }
    }

    @Test
    void wordCountWithOneAndWithThreeReducers() throws Exception {
        writeWords(3, 2000);
        for (int reducers : new int[] {1, 3}) {
            Path local = dir.resolve("local-" + reducers);
            Path eddy = dir.resolve("eddy-" + reducers);
            runBoth(job -> {
                job.setJarByClass(WordCount.class);
                job.setMapperClass(WordCount.TokenizerMapper.class);
                job.setCombinerClass(WordCount.IntSumReducer.class);
                job.setReducerClass(WordCount.IntSumReducer.class);
                job.setOutputKeyClass(Text.class);
                job.setOutputValueClass(IntWritable.class);
                job.setNumReduceTasks(reducers);
            }, local, eddy);
            assertThat(files(eddy)).containsKey("_SUCCESS").containsKey("part-r-0000" + (reducers - 1));
            assertSameFiles(local, eddy);
        }
    }

    /** Text in descending order: a sort comparator of the job's own. */
    public static final class DescendingText extends org.apache.hadoop.io.WritableComparator {
        private final Text.Comparator ascending = new Text.Comparator();

        public DescendingText() {
            super(Text.class);
        }

        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            return -ascending.compare(b1, s1, l1, b2, s2, l2);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public int compare(org.apache.hadoop.io.WritableComparable a, org.apache.hadoop.io.WritableComparable b) {
            return -super.compare(a, b);
        }
    }

    /**
     * With a sort comparator of the job's own, keys may group by more than their bytes: the combiner
     * runs over sorted buffer fills instead of hash-grouped map output. The same output.
     */
    @Test
    void wordCountWithASortComparatorOfItsOwn() throws Exception {
        writeWords(3, 2000);
        Path local = dir.resolve("local");
        Path eddy = dir.resolve("eddy");
        runBoth(job -> {
            job.setJarByClass(WordCount.class);
            job.setMapperClass(WordCount.TokenizerMapper.class);
            job.setCombinerClass(WordCount.IntSumReducer.class);
            job.setReducerClass(WordCount.IntSumReducer.class);
            job.setSortComparatorClass(DescendingText.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
            job.setNumReduceTasks(2);
        }, local, eddy);
        assertThat(files(eddy)).containsKey("part-r-00001");
        assertSameFiles(local, eddy);
    }

    @Test
    void secondarySortWithItsPartitionerAndGroupingComparator() throws Exception {
        input = dir.resolve("in");
        Files.createDirectories(input);
        Random random = new Random(5);
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            pairs.add(random.nextInt(200) - 100 + " " + (random.nextInt(2000) - 1000));
        }
        Files.write(input.resolve("pairs.txt"), pairs);
        runBoth(job -> {
            job.setJarByClass(SecondarySort.class);
            job.setMapperClass(SecondarySort.MapClass.class);
            job.setReducerClass(SecondarySort.Reduce.class);
            job.setPartitionerClass(SecondarySort.FirstPartitioner.class);
            job.setGroupingComparatorClass(SecondarySort.FirstGroupingComparator.class);
            job.setMapOutputKeyClass(SecondarySort.IntPair.class);
            job.setMapOutputValueClass(IntWritable.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
            job.setNumReduceTasks(2);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
    }

    @Test
    void anOldApiJobWithHadoopsLibraryMapperCombinerAndReducer() throws Exception {
        writeWords(2, 1500);
        runBoth(job -> oldApiTokenCount((JobConf) job.getConfiguration(), 2), dir.resolve("local"), dir.resolve("eddy"));
        assertThat(files(dir.resolve("eddy"))).containsKeys("_SUCCESS", "part-00000", "part-00001");
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
    }

    private static void oldApiTokenCount(JobConf conf, int reducers) {
        conf.setMapperClass(TokenCountMapper.class);
        conf.setCombinerClass(LongSumReducer.class);
        conf.setReducerClass(LongSumReducer.class);
        conf.setOutputKeyClass(Text.class);
        conf.setOutputValueClass(LongWritable.class);
        conf.setInputFormat(org.apache.hadoop.mapred.TextInputFormat.class);
        conf.setOutputFormat(org.apache.hadoop.mapred.TextOutputFormat.class);
        conf.setNumReduceTasks(reducers);
    }

    /** A map-only job: each map task (split) writes its own file, as on Hadoop. */
    @Test
    void aMapOnlyJobWritesTheMappersOutputPerSplit() throws Exception {
        writeWords(3, 1500);
        runBoth(job -> oldApiTokenCount((JobConf) job.getConfiguration(), 0), dir.resolve("local"), dir.resolve("eddy"));
        assertThat(files(dir.resolve("eddy"))).containsKeys("_SUCCESS", "part-00000", "part-00001", "part-00002");
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
        assertThat(sortedLines(dir.resolve("eddy"))).hasSizeGreaterThan(20_000);
    }

    /** WordCount's mapper that also writes each line's first word to the named output "first". */
    public static final class TokensAndFirstWords extends Mapper<Object, Text, Text, IntWritable> {
        private static final IntWritable ONE = new IntWritable(1);
        private MultipleOutputs<Text, IntWritable> outputs;

        @Override
        protected void setup(Context context) {
            outputs = new MultipleOutputs<>(context);
        }

        @Override
        protected void map(Object key, Text value, Context context) throws IOException, InterruptedException {
            String[] words = value.toString().split(" ");
            for (String word : words) {
                context.write(new Text(word), ONE);
            }
            outputs.write("first", new Text(words[0]), ONE);
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            outputs.close();
        }
    }

    @Test
    void multipleOutputsOfMapTasksInJobsWithAndWithoutReducers() throws Exception {
        writeWords(2, 1000);
        for (int reducers : new int[] {2, 0}) {
            runBoth(job -> {
                job.setMapperClass(TokensAndFirstWords.class);
                job.setReducerClass(WordCount.IntSumReducer.class);
                job.setOutputKeyClass(Text.class);
                job.setOutputValueClass(IntWritable.class);
                job.setNumReduceTasks(reducers);
                MultipleOutputs.addNamedOutput(job, "first", org.apache.hadoop.mapreduce.lib.output.TextOutputFormat.class, Text.class,
                        IntWritable.class);
            }, dir.resolve("local" + reducers), dir.resolve("eddy" + reducers));
            assertThat(files(dir.resolve("eddy" + reducers))).as("%d reducers", reducers).containsKeys("first-m-00000", "first-m-00001");
            assertSameFiles(dir.resolve("local" + reducers), dir.resolve("eddy" + reducers));
        }
    }

    /** Maps only every second record of its split (so a job that ignored it would count twice as much). */
    public static final class EveryOtherRecord<K, V, KO, VO> implements MapRunnable<K, V, KO, VO> {
        private org.apache.hadoop.mapred.Mapper<K, V, KO, VO> mapper;

        @Override
        @SuppressWarnings("unchecked")
        public void configure(JobConf job) {
            mapper = ReflectionUtils.newInstance(job.getMapperClass(), job);
        }

        @Override
        public void run(RecordReader<K, V> input, OutputCollector<KO, VO> output, Reporter reporter) throws IOException {
            K key = input.createKey();
            V value = input.createValue();
            for (long n = 0; input.next(key, value); n++) {
                if (n % 2 == 0) {
                    mapper.map(key, value, output, reporter);
                }
            }
            mapper.close();
        }
    }

    @Test
    void theJobsMapRunnableRunsEachMapTask() throws Exception {
        writeWords(3, 1000);
        runBoth(job -> {
            oldApiTokenCount((JobConf) job.getConfiguration(), 1);
            ((JobConf) job.getConfiguration()).setMapRunnerClass(EveryOtherRecord.class);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
    }

    /** (the split's file name, 1) per record. */
    public static final class FileNameMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
        private static final IntWritable ONE = new IntWritable(1);

        @Override
        protected void map(LongWritable key, Text value, Context context) throws IOException, InterruptedException {
            context.write(new Text(((org.apache.hadoop.mapreduce.lib.input.FileSplit) context.getInputSplit()).getPath().getName()), ONE);
        }
    }

    /** (the input file as the task's configuration says it, and the split's file from the reporter, 1) per record. */
    public static final class OldApiFileNameMapper extends MapReduceBase implements org.apache.hadoop.mapred.Mapper<LongWritable, Text, Text, LongWritable> {
        private static final LongWritable ONE = new LongWritable(1);
        private String fromConf;

        @Override
        public void configure(JobConf job) {
            fromConf = new org.apache.hadoop.fs.Path(job.get(MRJobConfig.MAP_INPUT_FILE)).getName() + "@" + job.get(MRJobConfig.MAP_INPUT_START);
        }

        @Override
        public void map(LongWritable key, Text value, OutputCollector<Text, LongWritable> out, Reporter reporter) throws IOException {
            out.collect(new Text(fromConf + " " + ((org.apache.hadoop.mapred.FileSplit) reporter.getInputSplit()).getPath().getName()), ONE);
        }
    }

    @Test
    void eachMapTaskSeesItsSplitAndInputFile() throws Exception {
        writeWords(3, 1000);
        runBoth(job -> {
            job.setMapperClass(FileNameMapper.class);
            job.setReducerClass(WordCount.IntSumReducer.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
        assertThat(new String(files(dir.resolve("eddy")).get("part-r-00000"))).startsWith("part0.txt\t1000\n");

        runBoth(job -> {
            oldApiTokenCount((JobConf) job.getConfiguration(), 1);
            ((JobConf) job.getConfiguration()).setMapperClass(OldApiFileNameMapper.class);
        }, dir.resolve("local-old"), dir.resolve("eddy-old"));
        assertSameFiles(dir.resolve("local-old"), dir.resolve("eddy-old"));
        assertThat(new String(files(dir.resolve("eddy-old")).get("part-00000"))).startsWith("part0.txt@0 part0.txt\t1000\n");
    }

    /** (the key of a key-value line, 1). */
    public static final class KeyMapper extends Mapper<Text, Text, Text, IntWritable> {
        private static final IntWritable ONE = new IntWritable(1);

        @Override
        protected void map(Text key, Text value, Context context) throws IOException, InterruptedException {
            context.write(key, ONE);
        }
    }

    @Test
    void multipleInputsGiveEachPathItsFormatAndMapper() throws Exception {
        writeWords(2, 800);
        Path pairs = dir.resolve("pairs");
        Files.createDirectories(pairs);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            lines.add(WORDS[i % 7] + "\tvalue " + i);
        }
        Files.write(pairs.resolve("pairs.tsv"), lines);
        runBoth(job -> {
            MultipleInputs.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()), TextInputFormat.class, WordCount.TokenizerMapper.class);
            MultipleInputs.addInputPath(job, new org.apache.hadoop.fs.Path(pairs.toUri()), KeyValueTextInputFormat.class, KeyMapper.class);
            job.setCombinerClass(WordCount.IntSumReducer.class);
            job.setReducerClass(WordCount.IntSumReducer.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
    }

    /** Upper-cases the key: the second mapper of a chain. */
    public static final class UpperCase extends Mapper<Text, IntWritable, Text, IntWritable> {
        @Override
        protected void map(Text key, IntWritable value, Context context) throws IOException, InterruptedException {
            context.write(new Text(key.toString().toUpperCase(java.util.Locale.ROOT)), value);
        }
    }

    @Test
    void aChainOfMappers() throws Exception {
        writeWords(2, 1000);
        runBoth(job -> {
            try {
                ChainMapper.addMapper(job, WordCount.TokenizerMapper.class, Object.class, Text.class, Text.class, IntWritable.class,
                        new Configuration(false));
                ChainMapper.addMapper(job, UpperCase.class, Text.class, IntWritable.class, Text.class, IntWritable.class, new Configuration(false));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            job.setMapperClass(ChainMapper.class);
            job.setCombinerClass(WordCount.IntSumReducer.class);
            job.setReducerClass(WordCount.IntSumReducer.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
        assertThat(new String(files(dir.resolve("eddy")).get("part-r-00000"))).startsWith("ALPHA\t");
    }

    /** Sums as WordCount's reducer and also writes each word whose count is odd to the named output "odd". */
    public static final class SumAndOdd extends Reducer<Text, IntWritable, Text, IntWritable> {
        private MultipleOutputs<Text, IntWritable> outputs;

        @Override
        protected void setup(Context context) {
            outputs = new MultipleOutputs<>(context);
        }

        @Override
        protected void reduce(Text key, Iterable<IntWritable> values, Context context) throws IOException, InterruptedException {
            int sum = 0;
            for (IntWritable v : values) {
                sum += v.get();
            }
            context.write(key, new IntWritable(sum));
            if (sum % 2 == 1) {
                outputs.write("odd", key, new IntWritable(sum));
            }
        }

        @Override
        protected void cleanup(Context context) throws IOException, InterruptedException {
            outputs.close();
        }
    }

    @Test
    void multipleOutputsOfAReducer() throws Exception {
        writeWords(2, 1000);
        runBoth(job -> {
            job.setMapperClass(WordCount.TokenizerMapper.class);
            job.setReducerClass(SumAndOdd.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
            job.setNumReduceTasks(2);
            MultipleOutputs.addNamedOutput(job, "odd", org.apache.hadoop.mapreduce.lib.output.TextOutputFormat.class, Text.class, IntWritable.class);
        }, dir.resolve("local"), dir.resolve("eddy"));
        assertThat(files(dir.resolve("eddy"))).containsKeys("part-r-00000", "part-r-00001", "odd-r-00000", "odd-r-00001");
        assertSameFiles(dir.resolve("local"), dir.resolve("eddy"));
    }

    private static List<String> sortedLines(Path output) throws IOException {
        List<String> lines = new ArrayList<>();
        for (byte[] content : files(output).values()) {
            String text = new String(content);
            if (!text.isEmpty()) {
                lines.addAll(List.of(text.split("\n")));
            }
        }
        lines.sort(null);
        return lines;
    }
}
