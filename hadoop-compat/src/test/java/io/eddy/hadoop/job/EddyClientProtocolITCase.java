package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.hadoop.mapreduce.HadoopMapreduceFunctionsITCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.InvalidInputException;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drivers' code, unchanged, with {@code mapreduce.framework.name=eddy}: Hadoop's job client finds
 * {@link EddyClientProtocolProvider} and the job runs as an Eddy dataflow on the embedded cluster.
 * The driver sees completion, counters and failures through Hadoop's own {@code Job} API.
 */
@Timeout(180)
class EddyClientProtocolITCase {

    @TempDir
    Path dir;

    private Path input;

    @BeforeEach
    void writeInput() throws IOException {
        input = dir.resolve("in");
        Files.createDirectories(input);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            lines.add(io.eddy.hadoop.mapred.HadoopMapredFunctionsITCase.line(i));
        }
        Files.write(input.resolve("a.txt"), lines.subList(0, 2000));
        Files.write(input.resolve("b.txt"), lines.subList(2000, 4000));
    }

    private static Configuration conf(String framework) {
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", framework);
        conf.set("fs.defaultFS", "file:///");
        conf.setInt("mapreduce.client.completion.pollinterval", 100);
        return conf;
    }

    /** Configures a job as WordCount's driver does. */
    private Job wordCount(String framework, Path output) throws IOException {
        Job job = Job.getInstance(conf(framework), "word count");
        job.setJarByClass(WordCount.class);
        job.setMapperClass(WordCount.TokenizerMapper.class);
        job.setCombinerClass(WordCount.IntSumReducer.class);
        job.setReducerClass(WordCount.IntSumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(IntWritable.class);
        FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(output.toUri()));
        return job;
    }

    private static TreeMap<String, String> files(Path output) throws IOException {
        TreeMap<String, String> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(output)) {
            for (Path p : list.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                files.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        return files;
    }

    @Test
    void wordCountsDriverCodeRunsOnEddyAndWritesWhatHadoopWrites() throws Exception {
        Job local = wordCount("local", dir.resolve("local"));
        assertThat(local.waitForCompletion(false)).isTrue();

        Job eddy = wordCount(EddyClientProtocolProvider.FRAMEWORK, dir.resolve("eddy"));
        assertThat(eddy.waitForCompletion(true)).as("the driver's waitForCompletion on Eddy").isTrue();
        assertThat(eddy.isSuccessful()).isTrue();
        assertThat(eddy.getJobID().toString()).startsWith("job_eddy");
        assertThat(files(dir.resolve("eddy"))).isEqualTo(files(dir.resolve("local"))).containsKey("_SUCCESS");
    }

    @Test
    void theFunctionsCountersComeBackToTheDriver() throws Exception {
        Job job = Job.getInstance(conf(EddyClientProtocolProvider.FRAMEWORK), "counting");
        job.setMapperClass(HadoopMapreduceFunctionsITCase.TokenizerMapper.class);
        job.setReducerClass(HadoopMapreduceFunctionsITCase.IntSumReducer.class);
        job.setOutputKeyClass(Text.class);
        job.setOutputValueClass(IntWritable.class);
        job.setNumReduceTasks(2);
        FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("out").toUri()));
        assertThat(job.waitForCompletion(false)).isTrue();
        assertThat(job.getCounters().findCounter(HadoopMapreduceFunctionsITCase.Count.LINES).getValue()).isEqualTo(4000);
        assertThat(job.getCounters().findCounter(HadoopMapreduceFunctionsITCase.Count.REDUCER_SETUPS).getValue()).isEqualTo(2);
        // Hadoop's task counters, as the local job runner counts them for the same job.
        Job local = Job.getInstance(conf("local"), "counting locally");
        local.setMapperClass(HadoopMapreduceFunctionsITCase.TokenizerMapper.class);
        local.setReducerClass(HadoopMapreduceFunctionsITCase.IntSumReducer.class);
        local.setOutputKeyClass(Text.class);
        local.setOutputValueClass(IntWritable.class);
        local.setNumReduceTasks(2);
        FileInputFormat.addInputPath(local, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(local, new org.apache.hadoop.fs.Path(dir.resolve("out-local").toUri()));
        assertThat(local.waitForCompletion(false)).isTrue();
        for (org.apache.hadoop.mapreduce.TaskCounter counter : new org.apache.hadoop.mapreduce.TaskCounter[] {
            org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS, org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS,
            org.apache.hadoop.mapreduce.TaskCounter.REDUCE_INPUT_GROUPS, org.apache.hadoop.mapreduce.TaskCounter.REDUCE_INPUT_RECORDS,
            org.apache.hadoop.mapreduce.TaskCounter.REDUCE_OUTPUT_RECORDS}) {
            assertThat(job.getCounters().findCounter(counter).getValue()).as("%s", counter)
                    .isEqualTo(local.getCounters().findCounter(counter).getValue()).isPositive();
        }
    }

    /** Fails on one line. */
    public static final class FailingMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException {
            if (line.toString().contains(io.eddy.hadoop.mapred.HadoopMapredFunctionsITCase.line(1234))) {
                throw new IOException("cannot map line 1234");
            }
        }
    }

    /** Counts its map tasks; the third waits in its setup until the test releases it. */
    public static final class ThirdTaskWaits extends Mapper<LongWritable, Text, Text, IntWritable> {
        static final java.util.concurrent.atomic.AtomicInteger TASKS = new java.util.concurrent.atomic.AtomicInteger();
        static volatile java.util.concurrent.CountDownLatch waiting = new java.util.concurrent.CountDownLatch(1);
        static volatile java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);

        @Override
        protected void setup(Context context) throws InterruptedException {
            if (TASKS.incrementAndGet() == 3) {
                waiting.countDown();
                release.await();
            }
        }

        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            context.write(new Text(line.toString().split(" ")[0]), new IntWritable(1));
        }
    }

    /**
     * Four input files are four splits, read one after the other by one map subtask. While the third
     * split's task waits, two splits are done: the driver sees map 50%, and reduce a third of that
     * (the shuffle's share; no reducer has finished).
     */
    @Test
    void theDriverSeesTheJobsProgressWhileItRuns() throws Exception {
        Files.write(input.resolve("c.txt"), List.of("c d"));
        Files.write(input.resolve("d.txt"), List.of("d e"));
        ThirdTaskWaits.TASKS.set(0);
        ThirdTaskWaits.waiting = new java.util.concurrent.CountDownLatch(1);
        ThirdTaskWaits.release = new java.util.concurrent.CountDownLatch(1);
        Job job = wordCount(EddyClientProtocolProvider.FRAMEWORK, dir.resolve("progress"));
        job.getConfiguration().setInt("eddy.parallelism", 1);
        job.getConfiguration().unset("mapreduce.job.combine.class");
        job.setMapperClass(ThirdTaskWaits.class);
        job.submit();
        try {
            assertThat(ThirdTaskWaits.waiting.await(60, java.util.concurrent.TimeUnit.SECONDS)).as("the third map task started").isTrue();
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (job.mapProgress() < 0.5f && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(job.mapProgress()).isEqualTo(0.5f);
            assertThat(job.reduceProgress()).isCloseTo(0.5f / 3, org.assertj.core.data.Offset.offset(1e-6f));
            assertThat(job.isComplete()).isFalse();
        } finally {
            ThirdTaskWaits.release.countDown();
        }
        assertThat(job.waitForCompletion(false)).isTrue();
        assertThat(job.mapProgress()).isEqualTo(1f);
        assertThat(job.reduceProgress()).isEqualTo(1f);
        assertThat(ThirdTaskWaits.TASKS.get()).isEqualTo(4);
    }

    /** Emits a word with a null count, which no shuffle can carry. */
    public static final class NullValueMapper extends Mapper<LongWritable, Text, Text, IntWritable> {
        @Override
        protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
            context.write(new Text("word"), null);
        }
    }

    /** A mapper compiled into a jar of its own, on no class path: only -libjars brings it. */
    private static final String LIBJAR_MAPPER = """
            package libjar;

            public class ShoutingMapper extends org.apache.hadoop.mapreduce.Mapper<Object, org.apache.hadoop.io.Text,
                    org.apache.hadoop.io.Text, org.apache.hadoop.io.IntWritable> {
                @Override
                protected void map(Object key, org.apache.hadoop.io.Text value, Context context) throws java.io.IOException, InterruptedException {
                    for (String word : value.toString().split(" ")) {
                        context.write(new org.apache.hadoop.io.Text(word.toUpperCase(java.util.Locale.ROOT) + "!"), new org.apache.hadoop.io.IntWritable(1));
                    }
                }
            }
            """;

    /** A Tool driver that names its mapper class by its first argument (found through -libjars). */
    public static final class LibJarsDriver extends org.apache.hadoop.conf.Configured implements org.apache.hadoop.util.Tool {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public int run(String[] args) throws Exception {
            Job job = Job.getInstance(getConf(), "libjars");
            job.setMapperClass((Class) getConf().getClassByName(args[0]));
            job.setCombinerClass(WordCount.IntSumReducer.class);
            job.setReducerClass(WordCount.IntSumReducer.class);
            job.setOutputKeyClass(Text.class);
            job.setOutputValueClass(IntWritable.class);
            FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(args[1]));
            FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(args[2]));
            return job.waitForCompletion(false) ? 0 : 1;
        }
    }

    private Path compileLibJar() throws IOException {
        Path sources = Files.createDirectories(dir.resolve("libjar-src").resolve("libjar"));
        Path source = Files.writeString(sources.resolve("ShoutingMapper.java"), LIBJAR_MAPPER);
        Path classes = Files.createDirectories(dir.resolve("libjar-classes"));
        int compiled = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null, "-classpath", System.getProperty("java.class.path"),
                "-d", classes.toString(), source.toString());
        assertThat(compiled).as("javac of the libjar mapper").isZero();
        Path jar = dir.resolve("shouting.jar");
        try (java.util.jar.JarOutputStream out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new java.util.jar.JarEntry("libjar/ShoutingMapper.class"));
            out.write(Files.readAllBytes(classes.resolve("libjar").resolve("ShoutingMapper.class")));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void aMapperFromLibJarsRunsAsOnTheLocalJobRunner() throws Exception {
        Path jar = compileLibJar();
        assertThatThrownBy(() -> Class.forName("libjar.ShoutingMapper")).as("not on the test's class path").isInstanceOf(ClassNotFoundException.class);
        for (String framework : new String[] {"local", EddyClientProtocolProvider.FRAMEWORK}) {
            int exit = org.apache.hadoop.util.ToolRunner.run(conf(framework), new LibJarsDriver(),
                    new String[] {"-libjars", jar.toString(), "libjar.ShoutingMapper", input.toString(), dir.resolve("out-" + framework).toString()});
            assertThat(exit).as("the driver on %s", framework).isZero();
        }
        TreeMap<String, String> onEddy = files(dir.resolve("out-" + EddyClientProtocolProvider.FRAMEWORK));
        assertThat(onEddy).isEqualTo(files(dir.resolve("out-local")));
        assertThat(onEddy.get("part-r-00000")).contains("!\t");
    }

    @Test
    void aFailingJobFailsTheDriversWaitWithTheTasksError() throws Exception {
        Job job = wordCount(EddyClientProtocolProvider.FRAMEWORK, dir.resolve("failed"));
        job.setMapperClass(FailingMapper.class);
        job.getConfiguration().unset("mapreduce.job.combine.class");
        assertThat(job.waitForCompletion(false)).isFalse();
        assertThat(job.getStatus().getState()).isEqualTo(org.apache.hadoop.mapreduce.JobStatus.State.FAILED);
        assertThat(job.getStatus().getFailureInfo()).contains("cannot map line 1234").contains(FailingMapper.class.getName());
        assertThat(dir.resolve("failed").resolve("_SUCCESS")).doesNotExist();
    }

    @Test
    void aMapperEmittingANullValueFailsTheJobNamingTheMapTask() throws Exception {
        Job job = wordCount(EddyClientProtocolProvider.FRAMEWORK, dir.resolve("null-value"));
        job.setMapperClass(NullValueMapper.class);
        job.getConfiguration().unset("mapreduce.job.combine.class");
        assertThat(job.waitForCompletion(false)).isFalse();
        assertThat(job.getStatus().getState()).isEqualTo(org.apache.hadoop.mapreduce.JobStatus.State.FAILED);
        assertThat(job.getStatus().getFailureInfo()).contains("Hadoop map task").contains("emitted a null value");
        assertThat(dir.resolve("null-value").resolve("_SUCCESS")).doesNotExist();
    }

    /** A mapper class the job names by name that no class path has: the job fails on both, its failure naming the class. */
    @Test
    void aClassThatIsNotOnTheClassPathFailsTheJobNamingIt() throws Exception {
        for (String framework : new String[] {"local", EddyClientProtocolProvider.FRAMEWORK}) {
            Job job = wordCount(framework, dir.resolve("missing-" + framework));
            job.getConfiguration().set("mapreduce.job.map.class", "com.example.NoSuchMapper");
            assertThat(job.waitForCompletion(false)).as("the job on %s", framework).isFalse();
            assertThat(job.getStatus().getState()).isEqualTo(org.apache.hadoop.mapreduce.JobStatus.State.FAILED);
            if (framework.equals(EddyClientProtocolProvider.FRAMEWORK)) {
                assertThat(job.getStatus().getFailureInfo()).contains("com.example.NoSuchMapper");
            }
            assertThat(dir.resolve("missing-" + framework).resolve("_SUCCESS")).doesNotExist();
        }
    }

    @Test
    void anExistingOutputOrAMissingInputFailsTheSubmissionAsOnHadoop() throws Exception {
        Files.createDirectories(dir.resolve("exists"));
        Job existing = wordCount(EddyClientProtocolProvider.FRAMEWORK, dir.resolve("exists"));
        assertThatThrownBy(() -> existing.waitForCompletion(false)).isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("exists");

        Job missing = Job.getInstance(conf(EddyClientProtocolProvider.FRAMEWORK), "missing input");
        missing.setMapperClass(WordCount.TokenizerMapper.class);
        missing.setReducerClass(WordCount.IntSumReducer.class);
        missing.setOutputKeyClass(Text.class);
        missing.setOutputValueClass(IntWritable.class);
        FileInputFormat.addInputPath(missing, new org.apache.hadoop.fs.Path(dir.resolve("nowhere").toUri()));
        FileOutputFormat.setOutputPath(missing, new org.apache.hadoop.fs.Path(dir.resolve("out2").toUri()));
        assertThatThrownBy(() -> missing.waitForCompletion(false)).isInstanceOf(InvalidInputException.class).hasMessageContaining("nowhere");
    }
}
