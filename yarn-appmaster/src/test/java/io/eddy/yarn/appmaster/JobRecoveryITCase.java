package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.GatewayJobClient;
import io.eddy.master.embedded.LocalCluster;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ApplicationMaster restart without YARN: a master ({@link LocalCluster}) with the {@link
 * PersistingJobSubmissionGateway} in front runs a streaming job whose checkpoints and output go to
 * a real HDFS ({@link MiniHadoopCluster}, HDFS only); the master then dies (its gateway closed
 * first, so the store entry stays as when the AM process is killed), a second master starts, and
 * {@link JobRecovery} submits the stored job again.
 *
 * <p>The job: a non-parallel source emitting offsets {@code 0..RECORDS-1} with its offset as
 * state, keyed counts ({@code offset % KEYS}) in value state, and an exactly-once {@link FileSink}
 * on HDFS writing {@code key,count} lines. In the first master the source emits block k of {@code
 * BLOCK} records only after k completed checkpoints, and stops for good at {@code LIMIT}; the
 * second master lets it run to the end. Exactness: the committed files hold, per key, the counts
 * {@code 1..RECORDS/KEYS} each exactly once.
 *
 * <p>The source and the test talk through the marks of a {@link ResultDirectory}: the stored job is
 * submitted again unchanged, so the test tells the second master's source to run to the end with a
 * mark ({@value #SECOND_MASTER}), not through the source's fields.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class JobRecoveryITCase {

    private static final long RECORDS = 3_000;
    private static final long BLOCK = 500;
    private static final long KEYS = 10;
    /** Where the source of the first master stops: mid-block 2, after two completed checkpoints. */
    private static final long FIRST_LIMIT = 1_250;

    /** The test's mark: the source runs unthrottled (the job without checkpoints). */
    static final String UNTHROTTLED = "unthrottled";
    /** The test's mark: the source of the second master runs to the end. */
    static final String SECOND_MASTER = "second-master";
    /** The source's marks: it reached its limit and waits; a checkpoint whose offset is the limit completed. */
    static final String AT_LIMIT = "at-limit";
    static final String CHECKPOINT_AT_LIMIT = "checkpoint-at-limit";
    /** The source's counter of its runs (one per master). */
    static final String SOURCE_RUNS = "source-runs";
    /** The source's marks {@code snapshot-<id>-<offset>}, {@code completed-<id>}, {@code restored-<offset>}. */
    private static final Pattern SNAPSHOT = Pattern.compile("snapshot-(\\d+)-(\\d+)");
    private static final Pattern COMPLETED = Pattern.compile("completed-(\\d+)");
    private static final Pattern RESTORED = Pattern.compile("restored-(\\d+)");

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.builder().hdfsOnly().build();

    @TempDir
    java.nio.file.Path temp;

    @Test
    void aJobOfADeadMasterResumesFromItsLatestCheckpointOnHdfsAndCommitsExactlyOnce() throws Exception {
        Path appDir = applicationDirectory();
        Path out = new Path(appDir, "out");
        ResultDirectory marks = ResultDirectory.create(temp);
        JobGraph graph = job(out, true, marks);
        JobStore store = JobStore.open(appDir, HADOOP.hadoopConf());

        try (LocalCluster first = LocalCluster.start(clusterConfig());
                PersistingJobSubmissionGateway gateway = new PersistingJobSubmissionGateway(first.master(), store)) {
            GatewayJobClient.submit(gateway, JobGraphBytes.artifactsWithoutJars(graph), getClass().getClassLoader(), 16);
            marks.awaitMark(CHECKPOINT_AT_LIMIT, Duration.ofSeconds(60));
            assertThat(all(marks, COMPLETED)).as("completed checkpoints").hasSizeGreaterThanOrEqualTo(3);
            assertThat(store.list()).as("the running job is stored").containsExactly(graph.jobId());
            FileSystem fs = HADOOP.fileSystem();
            assertThat(fs.getFileStatus(store.jobsDirectory()).getPermission().toShort()).as("jobs/ on HDFS").isEqualTo((short) 0700);
            assertThat(fs.getFileStatus(new Path(store.jobsDirectory(), graph.jobId() + "/1/graph")).getPermission().toShort())
                    .as("the stored graph on HDFS").isEqualTo((short) 0600);
            // the AM dies: no store update from now on, then the master and its workers go
            gateway.close();
        }
        assertThat(store.list()).as("the dead master's job is still stored").containsExactly(graph.jobId());
        long lastNotified = all(marks, COMPLETED).stream().mapToLong(m -> Long.parseLong(m.group(1))).max().orElseThrow();

        marks.mark(SECOND_MASTER);
        try (LocalCluster second = LocalCluster.start(clusterConfig());
                PersistingJobSubmissionGateway gateway = new PersistingJobSubmissionGateway(second.master(), store)) {
            JobRecovery.Result result = JobRecovery.recover(store, gateway, Duration.ofSeconds(30));

            assertThat(result.failed()).isEmpty();
            assertThat(result.recovered()).hasSize(1);
            JobRecovery.RecoveredJob recovered = result.recovered().get(0);
            assertThat(recovered.job()).as("the job keeps its id").isEqualTo(graph.jobId());
            assertThat(recovered.fromCheckpoint()).isTrue();
            assertThat(recovered.checkpointId()).as("the latest checkpoint").isGreaterThanOrEqualTo(lastNotified);
            assertThat(recovered.restoredFrom()).startsWith(store.checkpointsDirectory() + "/" + graph.jobId() + "/chk-");
            assertThat(second.master().jobTermination(graph.jobId()).get(60, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
            long snapshotOffset = all(marks, SNAPSHOT).stream().filter(m -> Long.parseLong(m.group(1)) == recovered.checkpointId())
                    .mapToLong(m -> Long.parseLong(m.group(2))).findFirst().orElseThrow();
            assertThat(all(marks, RESTORED)).as("the source resumed at the offset of the restored checkpoint").singleElement()
                    .satisfies(m -> assertThat(Long.parseLong(m.group(1))).isEqualTo(snapshotOffset).isEqualTo(FIRST_LIMIT));
        }
        assertThat(marks.count(SOURCE_RUNS)).as("one run per master").isEqualTo(2);
        assertThat(store.list()).as("the ended job left the store").isEmpty();
        assertExactOutput(out);
    }

    @Test
    void aJobWithoutCheckpointsStartsAgainFromScratchAndLeavesTheStoreWhenItEnds() throws Exception {
        Path appDir = applicationDirectory();
        Path out = new Path(appDir, "out");
        ResultDirectory marks = ResultDirectory.create(temp);
        JobGraph graph = job(out, false, marks);
        JobStore store = JobStore.open(appDir, HADOOP.hadoopConf());
        marks.mark(UNTHROTTLED);

        try (LocalCluster first = LocalCluster.start(clusterConfig());
                PersistingJobSubmissionGateway gateway = new PersistingJobSubmissionGateway(first.master(), store)) {
            GatewayJobClient.submit(gateway, JobGraphBytes.artifactsWithoutJars(graph), getClass().getClassLoader(), 16);
            marks.awaitMark(AT_LIMIT, Duration.ofSeconds(60));
            gateway.close();
        }
        JobGraph stored = JobGraphBytes.decode(store.get(graph.jobId()).orElseThrow().jobGraph());
        assertThat(stored.settings()).as("no checkpointing, no default directory").doesNotContainKey(CheckpointingOptions.CHECKPOINTS_DIR.key());

        marks.mark(SECOND_MASTER);
        try (LocalCluster second = LocalCluster.start(clusterConfig());
                PersistingJobSubmissionGateway gateway = new PersistingJobSubmissionGateway(second.master(), store)) {
            JobRecovery.Result result = JobRecovery.recover(store, gateway, Duration.ofSeconds(30));

            assertThat(result.recovered()).extracting(JobRecovery.RecoveredJob::job).containsExactly(graph.jobId());
            assertThat(result.recovered().get(0).fromCheckpoint()).isFalse();
            assertThat(second.master().jobTermination(graph.jobId()).get(60, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        }
        assertThat(all(marks, RESTORED)).as("nothing restored").isEmpty();
        assertThat(store.list()).as("the ended job left the store").isEmpty();
        assertExactOutput(out);
    }

    // ---- helpers --------------------------------------------------------------------------------

    /** A fresh application directory (700) on the mini HDFS, as the YARN client creates it. */
    private static Path applicationDirectory() throws Exception {
        FileSystem fs = HADOOP.fileSystem();
        Path dir = fs.makeQualified(new Path("/user/eddy/.eddy/application_" + UUID.randomUUID()));
        assertThat(FileSystem.mkdirs(fs, dir, new FsPermission((short) 0700))).isTrue();
        return dir;
    }

    private static LocalClusterConfig clusterConfig() {
        return LocalClusterConfig.builder().workers(1).slotsPerWorker(2).build();
    }

    /** The marks matching {@code pattern}, matched. */
    private static List<Matcher> all(ResultDirectory marks, Pattern pattern) throws java.io.IOException {
        return marks.marks().stream().map(pattern::matcher).filter(Matcher::matches).toList();
    }

    private static JobGraph job(Path out, boolean checkpointing, ResultDirectory marks) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        if (checkpointing) {
            env.enableCheckpointing(50);
            // the API requires a directory at plan time; removed below, so the AM's default applies
            env.getCheckpointConfig().setRetainedCheckpoints(2).setCheckpointStorage("hdfs:///placeholder");
        }
        env.addSource(new OffsetSource(marks), "offsets", Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(Types.STRING)
                .addSink(FileSink.forRowFormat(out.toString(), Encoder.<String>simpleString()).build()).name("exactly-once files on hdfs");
        return PersistingJobSubmissionGatewayTest.withoutCheckpointDirectory(
                env.getJobGraph(checkpointing ? "recovered from a checkpoint" : "recovered from scratch"));
    }

    /** The committed part files hold, per key, the counts 1..RECORDS/KEYS once each, and nothing else is left. */
    private static void assertExactOutput(Path out) throws Exception {
        FileSystem fs = HADOOP.fileSystem();
        Map<String, Integer> lines = new HashMap<>();
        FileStatus[] files = fs.listStatus(out);
        assertThat(files).as("only committed parts are left").isNotEmpty()
                .allMatch(f -> f.getPath().getName().startsWith("part-"), "named part-<subtask>-<n>");
        for (FileStatus file : files) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    lines.merge(line, 1, Integer::sum);
                }
            }
        }
        Map<String, Integer> expected = new HashMap<>();
        for (long key = 0; key < KEYS; key++) {
            for (long count = 1; count <= RECORDS / KEYS; count++) {
                expected.put(key + "," + count, 1);
            }
        }
        assertThat(lines).as("every (key, count) committed exactly once").isEqualTo(expected);
    }

    // ---- functions ------------------------------------------------------------------------------

    /**
     * Emits offsets with its offset as state; see the class comment for the throttle and the limit
     * (the limit is {@link #FIRST_LIMIT} until the test's mark {@value #SECOND_MASTER}, and the
     * throttle is on unless the mark {@value #UNTHROTTLED} or that one exists when it starts).
     */
    static final class OffsetSource implements SourceFunction<Long>, Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory marks;
        private long next;
        private volatile boolean running = true;
        /** Set when run() starts: the source thread writes, the task thread (notifications) reads. */
        private transient volatile long limit = -1;
        /** One permit per completed checkpoint this instance was notified of. Created on first use; guarded by this. */
        private transient Semaphore blocks;
        /** Snapshot offsets by checkpoint id; taken and read on the task thread. */
        private transient Map<Long, Long> snapshotOffsets;

        OffsetSource(ResultDirectory marks) {
            this.marks = marks;
        }

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
            marks.increment(SOURCE_RUNS);
            boolean throttled = !marks.marked(UNTHROTTLED) && !marks.marked(SECOND_MASTER);
            limit = marks.marked(SECOND_MASTER) ? RECORDS : FIRST_LIMIT;
            while (running && next < RECORDS) {
                if (next >= limit) {
                    marks.mark(AT_LIMIT);
                    // until the master cancels the task (interrupting this thread) as it closes
                    new CountDownLatch(1).await(120, TimeUnit.SECONDS);
                    throw new IllegalStateException("the source waited at offset " + next + " for 120 s without being cancelled");
                }
                if (next % BLOCK == 0 && next > 0 && throttled && !blocks().tryAcquire(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("no checkpoint completed within 60 s");
                }
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(next);
                    next++;
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public Long snapshotState(long checkpointId, long timestamp) {
            if (snapshotOffsets == null) {
                snapshotOffsets = new HashMap<>();
            }
            snapshotOffsets.put(checkpointId, next);
            marks.mark("snapshot-" + checkpointId + "-" + next);
            return next;
        }

        @Override
        public void restoreState(Long state) {
            next = state;
            marks.mark("restored-" + state);
        }

        @Override
        public TypeInfo<Long> stateType() {
            return Types.LONG;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            marks.mark("completed-" + checkpointId);
            blocks().release();
            Long offset = snapshotOffsets == null ? null : snapshotOffsets.get(checkpointId);
            if (offset != null && offset == limit) {
                marks.mark(CHECKPOINT_AT_LIMIT);
            }
        }

        private synchronized Semaphore blocks() {
            if (blocks == null) {
                blocks = new Semaphore(0);
            }
            return blocks;
        }
    }

    /** Counts the records of each key in value state and emits {@code key,count} per record. */
    static final class CountPerKey extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) throws Exception {
            Long c = count.value();
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(ctx.getCurrentKey() + "," + updated);
        }
    }
}
