package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.master.embedded.CountPerKey;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.streaming.api.functions.source.TextFileSourceFunction;
import io.eddy.streaming.it.FailAfterPause;
import io.eddy.streaming.it.PausingSource;
import io.eddy.suites.HalfWayOffsetSource;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints, savepoints and exactly-once output on a real HDFS ({@code MiniDFSCluster}), with
 * the jobs on the embedded cluster: a text file source on {@code hdfs://} through a map that fails
 * once into the exactly-once {@link FileSink} on {@code hdfs://}, checkpointing to {@code hdfs://}
 * every 100 ms; a savepoint into {@code state.savepoints.dir} on HDFS and a job started from it; a
 * state file of that savepoint corrupted on HDFS and caught by its CRC-32C.
 *
 * <p>The functions report through a {@link ResultDirectory} (marks and a recording sink).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class HdfsCheckpointITCase {

    private static final int NUMBERS = 200_000;
    private static final int PARALLELISM = 2;
    private static final long RECORDS = 10_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);
    private static final String FIRST_COUNTS = "counts-first";
    private static final String SECOND_COUNTS = "counts-second";

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.builder().hdfsOnly().build();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @TempDir
    java.nio.file.Path temp;

    @Test
    void aTextFileOnHdfsIsCommittedExactlyOnceToHdfsAcrossAFailure() throws Exception {
        ResultDirectory results = ResultDirectory.create(temp.resolve("results"));
        FileSystem fs = HADOOP.fileSystem();
        String base = HADOOP.hdfsUri() + "/exactly-once";
        for (int f = 0; f < 3; f++) {
            try (OutputStream out = fs.create(new Path(base + "/in/numbers-" + f + ".txt"))) {
                StringBuilder text = new StringBuilder();
                for (int n = f; n < NUMBERS; n += 3) {
                    text.append(n).append('\n');
                }
                out.write(text.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(100);
        env.getCheckpointConfig().setCheckpointStorage(base + "/checkpoints");
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        env.addSource(new PausingSource<>(new TextFileSourceFunction(base + "/in"), NUMBERS / PARALLELISM / 2, results), "paused hdfs text",
                        Types.STRING)
                .map(new FailAfterPause<>(results)).returns(String.class)
                .addSink(FileSink.forRowFormat(base + "/out", Encoder.<String>simpleString()).withMaxPartSize(256 * 1024).build())
                .name("exactly-once files on hdfs");
        JobGraph graph = env.getJobGraph("hdfs text -> failing map -> exactly-once hdfs files");
        run(graph);
        assertThat(results.marks()).as("the planned failure happened").contains(FailAfterPause.FAILED);

        BitSet seen = new BitSet(NUMBERS);
        long lines = 0;
        FileStatus[] parts = fs.listStatus(new Path(base + "/out"));
        assertThat(parts).as("only committed parts are left").isNotEmpty()
                .allMatch(p -> p.getPath().getName().matches("part-\\d+-\\d+"), "named part-<subtask>-<n>");
        for (FileStatus part : parts) {
            for (String line : readLines(fs, part.getPath())) {
                int n = Integer.parseInt(line);
                assertThat(seen.get(n)).as("%d committed twice (second time in %s)", n, part.getPath().getName()).isFalse();
                seen.set(n);
                lines++;
            }
        }
        assertThat(lines).as("committed numbers").isEqualTo(NUMBERS);
        assertThat(seen.cardinality()).isEqualTo(NUMBERS);

        Path jobDir = new Path(base + "/checkpoints/" + graph.jobId());
        assertThat(fs.getFileStatus(jobDir).getPermission().toShort()).as("checkpoints are owner-only").isEqualTo((short) 0700);
        List<String> complete = new ArrayList<>();
        for (FileStatus chk : fs.listStatus(jobDir)) {
            assertThat(chk.getPath().getName()).startsWith("chk-");
            for (FileStatus file : fs.listStatus(chk.getPath())) {
                assertThat(file.getPath().getName()).as("no half-written metadata left").doesNotStartWith("_metadata.inprogress");
                if (file.getPath().getName().equals("_metadata")) {
                    complete.add(chk.getPath().getName());
                }
            }
        }
        assertThat(complete).as("subsumed checkpoints were deleted from HDFS (1 retained)").hasSizeLessThanOrEqualTo(1);
    }

    @Test
    void aSavepointInAnHdfsSavepointDirectoryRestoresAJobWithExactCounts() throws Exception {
        String base = HADOOP.hdfsUri() + "/savepoint-restore";
        ResultDirectory results = ResultDirectory.create(temp.resolve("results"));
        String savepoint = savepointHalfWay(base, results);
        FileSystem fs = HADOOP.fileSystem();
        assertThat(savepoint).startsWith(base + "/savepoints/savepoint-");
        assertThat(fs.exists(new Path(savepoint, "_metadata"))).isTrue();
        assertThat(stateFiles(fs, savepoint)).as("state files beside the metadata (inline threshold 0)").isNotEmpty();

        JobGraph second = countJob(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), base, false, results);
        run(second);
        assertThat(HalfWayOffsetSource.restoredOffset(results)).as("the source resumed from its saved offset").contains(RECORDS / 2);
        Map<Long, Long> finalCounts = lastCounts(results, SECOND_COUNTS);
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted once per record across both jobs").containsOnly(RECORDS / KEYS);
        assertThat(fs.exists(new Path(savepoint, "_metadata"))).as("the savepoint is kept after the restore").isTrue();
    }

    @Test
    void aCorruptStateFileOnHdfsIsDetectedByItsChecksum() throws Exception {
        String base = HADOOP.hdfsUri() + "/savepoint-corrupt";
        ResultDirectory results = ResultDirectory.create(temp.resolve("results"));
        String savepoint = savepointHalfWay(base, results);
        FileSystem fs = HADOOP.fileSystem();
        LocatedFileStatus victim = stateFiles(fs, savepoint).stream().max(Comparator.comparingLong(FileStatus::getLen)).orElseThrow();
        flipAByte(fs, victim);

        Configuration settings = new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint);
        JobGraph second = countJob(settings, base, false, results);
        assertThatThrownBy(() -> CLUSTER.submit(second).getJobResult().get(60, TimeUnit.SECONDS))
                .satisfies(e -> assertThat(causeMessages(e)).contains("corrupt").contains("CRC-32C").contains(victim.getPath().getName()));
        assertThat(CLUSTER.cluster().master().jobTermination(second.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FAILED);
    }

    /** Runs the counting job until half its input, takes a savepoint into its hdfs state.savepoints.dir, cancels it; returns the path. */
    private static String savepointHalfWay(String base, ResultDirectory results) throws Exception {
        JobGraph first = countJob(new Configuration(), base, true, results);
        CLUSTER.submit(first);
        results.awaitMark(HalfWayOffsetSource.HALF_WAY, Duration.ofSeconds(60));
        String savepoint = CLUSTER.cluster().master().triggerSavepoint(first.jobId(), null, true).get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(lastCounts(results, FIRST_COUNTS).values().stream().mapToLong(Long::longValue).sum()).as("half the records were counted")
                .isEqualTo(RECORDS / 2);
        return savepoint;
    }

    private static JobGraph countJob(Configuration settings, String base, boolean first, ResultDirectory results) {
        settings.set(CheckpointingOptions.INLINE_THRESHOLD, MemorySize.parse("0"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(base + "/checkpoints");
        env.getCheckpointConfig().setSavepointDirectory(base + "/savepoints");
        env.setRestartStrategy(RestartStrategy.none());
        env.addSource(new HalfWayOffsetSource(RECORDS, first, results), "offsets", Types.LONG).uid("offsets")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR).uid("counter")
                .map(t -> t.f0 + "," + t.f1).returns(Types.STRING).uid("line")
                .addSink(results.recordingSink(first ? FIRST_COUNTS : SECOND_COUNTS)).uid("sink");
        return env.getJobGraph("hdfs savepoint test" + (first ? "" : " (restored)"));
    }

    private static void run(JobGraph graph) throws Exception {
        CLUSTER.submit(graph).getJobResult().get(120, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
    }

    /** Per key, the last count sink {@code name} recorded ({@code key,count} lines; a key's counts come from one subtask, in order). */
    private static Map<Long, Long> lastCounts(ResultDirectory results, String name) throws IOException {
        Map<Long, Long> last = new TreeMap<>();
        for (String line : results.lines(name)) {
            String[] f = line.split(",");
            last.put(Long.parseLong(f[0]), Long.parseLong(f[1]));
        }
        return last;
    }

    /** The files of a savepoint directory other than its metadata. */
    private static List<LocatedFileStatus> stateFiles(FileSystem fs, String dir) throws IOException {
        List<LocatedFileStatus> files = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> it = fs.listFiles(new Path(dir), true);
        while (it.hasNext()) {
            LocatedFileStatus file = it.next();
            if (!file.getPath().getName().equals("_metadata")) {
                files.add(file);
            }
        }
        return files;
    }

    /** Rewrites {@code file} (HDFS files cannot be changed in place) with its middle byte inverted: same length, other content. */
    private static void flipAByte(FileSystem fs, FileStatus file) throws IOException {
        byte[] data = new byte[(int) file.getLen()];
        try (InputStream in = fs.open(file.getPath())) {
            org.apache.hadoop.io.IOUtils.readFully(in, data, 0, data.length);
        }
        data[data.length / 2] ^= (byte) 0xff;
        try (OutputStream out = fs.create(file.getPath(), true)) {
            out.write(data);
        }
    }

    private static List<String> readLines(FileSystem fs, Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The messages of {@code t} and its causes, one per line. */
    private static String causeMessages(Throwable t) {
        StringBuilder messages = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            messages.append(c).append('\n');
        }
        return messages.toString();
    }
}
