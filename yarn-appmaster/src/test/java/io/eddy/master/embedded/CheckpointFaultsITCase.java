package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.api.common.JobExecutionResult;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichSourceFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoints under faults, end to end on the embedded cluster (docs/checkpointing.md, "Failures
 * and limits"): overlapping checkpoints with a slow snapshot, a checkpoint that times out, a
 * corrupted state file or {@code _metadata} of the latest checkpoint (the restore falls back to
 * the previous one), and a checkpoint directory that cannot be written.
 *
 * <p>Every job is the same pipeline: a non-parallel source emitting {@code 0..RECORDS-1} with its
 * offset as checkpointed state, throttled so that it emits one block of records per completed
 * checkpoint; a map of parallelism 2 with operator list state whose snapshot can be made slow or
 * blocking; a keyed counter in value state; a recording sink of every count. Exactness: every key's
 * last count is {@code RECORDS / KEYS}, after any restart.
 *
 * <p>The functions report through the marks and the recording sink of a {@link ResultDirectory}
 * (see {@link ThrottledSource} and {@link SlowSnapshotMap} for the marks). Where the test acts between
 * a checkpoint's completion and the planned failure (corrupting that checkpoint), the source holds its
 * completion notification until the test marks that it is done.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CheckpointFaultsITCase {

    private static final long RECORDS = 6_000;
    private static final long BLOCK = 1_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    // ---- what the functions report: marks (each function's Javadoc names its own) and a recording sink
    private static final String FAILED = "source-failed";
    private static final String SNAPSHOT = "snapshot-";
    private static final Pattern SNAPSHOT_MARK = Pattern.compile("snapshot-(\\d+)=(\\d+)");
    private static final Pattern COMPLETED_MARK = Pattern.compile("completed-a(\\d+)-(\\d+)=(\\d+)");
    private static final Pattern RESTORED_MARK = Pattern.compile("restored-a(\\d+)=(\\d+)");
    private static final String CORRUPT = "corrupt-";
    private static final String CORRUPTED = "corrupted";
    private static final String SLOW_SNAPSHOT = "slow-snapshot-";
    private static final Pattern IN_FLIGHT_MARK = Pattern.compile("in-flight-(\\d+)=(\\d+)");
    private static final String ABORTED = "aborted-";
    private static final Pattern MAP_PASSED_MARK = Pattern.compile("map-passed-a(\\d+)-s(\\d+)=(\\d+)");
    private static final String ENDLESS_COMPLETIONS = "endless-completions";
    /** The recording sink of the counts, {@code (key,count)}. */
    private static final String COUNTS = "counts";
    private static final Pattern COUNT_LINE = Pattern.compile("\\((\\d+),(\\d+)\\)");

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    private ResultDirectory results;

    @BeforeEach
    void results(@TempDir Path dir) throws IOException {
        results = ResultDirectory.create(dir);
    }

    @AfterEach
    void closeResults() throws IOException {
        results.close();
    }

    @Test
    void overlappingCheckpointsAllCompleteAndARestoreAfterThemIsExact(@TempDir Path dir) throws Exception {
        Map<Long, Long> delays = Map.of(1L, 300L, 2L, 300L, 3L, 300L, 4L, 300L);
        StreamExecutionEnvironment env = environment(dir, new Configuration(), ThrottledSource.failingAfter(results, 4), delays);
        env.enableCheckpointing(30);
        env.getCheckpointConfig().setMaxConcurrentCheckpoints(3);
        JobExecutionResult result = run(env.getJobGraph("overlapping checkpoints"));

        assertThat(maxInFlight()).as("three checkpoints were in flight at once, never more").isEqualTo(3);
        assertThat(completed().subList(0, 4)).as("the overlapping checkpoints all completed, in order").containsExactly(1L, 2L, 3L, 4L);
        assertThat(results.marks()).contains(FAILED);
        // checkpoints triggered before the failure may complete after the 4th; the restore takes the latest that completed
        List<Long> offsetsFromTheFourthOn = snapshotOffsets().entrySet().stream().filter(e -> e.getKey() >= 4).map(Map.Entry::getValue).toList();
        assertThat(restoredOffset()).as("restored from the 4th checkpoint or a later one").isIn(offsetsFromTheFourthOn);
        assertExact();
        assertThat((Long) result.getAccumulatorResult("checkpoints.completed")).isGreaterThanOrEqualTo(4);
        assertTaskTimesOfSlowSnapshots(result);
    }

    /**
     * The tasks' checkpoint times of the overlapping-checkpoints job: one map subtask slept 300 ms
     * in the synchronous part of each of checkpoints 1 to 4, so the sync total is at least 1.2 s,
     * and the counters, fed by both maps, aligned while it slept (the other map's barrier held
     * back). No total can exceed the task time of the job (net runtime times its five tasks):
     * that catches a unit mixed up.
     */
    private static void assertTaskTimesOfSlowSnapshots(JobExecutionResult result) {
        assertThat((Long) result.getAccumulatorResult("checkpoints.tasks")).as("source, two maps, two counters").isEqualTo(5);
        assertThat((Long) result.getAccumulatorResult("checkpoints.acknowledgements")).as("five per completed checkpoint at most")
                .isBetween(4 * 5L, 5 * (Long) result.getAccumulatorResult("checkpoints.completed"));
        long taskMicros = result.getNetRuntime() * 1_000 * 5;
        assertThat((Long) result.getAccumulatorResult("checkpoints.sync-total-us")).as("sync, us")
                .isGreaterThanOrEqualTo(4 * 300_000L).isLessThan(taskMicros);
        assertThat((Long) result.getAccumulatorResult("checkpoints.alignment-total-us")).as("alignment, us")
                .isGreaterThanOrEqualTo(300_000L).isLessThan(taskMicros);
        assertThat((Long) result.getAccumulatorResult("checkpoints.async-total-us")).as("async, us").isPositive().isLessThan(taskMicros);
    }

    @Test
    void aCheckpointThatTimesOutIsAbortedAndLaterOnesComplete(@TempDir Path dir) throws Exception {
        // checkpoint 2 blocks the map 250 ms past its timeout; checkpoint 3, triggered at that timeout, waits behind it for 250 ms
        StreamExecutionEnvironment env = environment(dir, new Configuration(), ThrottledSource.withoutFailure(results), Map.of(2L, 750L));
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setCheckpointTimeout(Duration.ofMillis(500)).setTolerableCheckpointFailureNumber(3);
        JobExecutionResult result = run(env.getJobGraph("checkpoint timeout"));

        assertThat(aborted()).as("the slow checkpoint was aborted at its timeout").contains(2L);
        assertThat(completed()).as("checkpoints after it completed").doesNotContain(2L).anyMatch(id -> id > 2);
        assertThat(results.marks()).doesNotContain(FAILED);
        assertExact();
        assertThat((Long) result.getAccumulatorResult("checkpoints.failed")).as("failures, within the tolerated").isBetween(1L, 3L);
    }

    @Test
    void aCorruptStateFileOfTheLatestCheckpointMakesTheRestoreFallBackToThePreviousOne(@TempDir Path dir) throws Exception {
        failAfterCorrupting(dir, 2, CheckpointFaultsITCase::flipAByteOfAStateFile);
    }

    @Test
    void aCorruptMetadataFileOfTheLatestCheckpointMakesTheRestoreFallBackToThePreviousOne(@TempDir Path dir) throws Exception {
        failAfterCorrupting(dir, 2, chk -> truncate(chk.resolve("_metadata")));
    }

    @Test
    void aCheckpointDirectoryThatCannotBeWrittenFailsTheJobAfterTheTolerableFailuresNamingThePathAndTheOption(@TempDir Path dir)
            throws Exception {
        Path checkpoints = Files.createDirectory(dir.resolve("read-only"));
        try {
            String failure = runUntilStorageFails(checkpoints, jobDir -> {
                assertThat(jobDir.toFile().setWritable(false, false)).isTrue();
                assumeFalse(Files.isWritable(jobDir) || "root".equals(System.getProperty("user.name")),
                        "chmod does not stop this user (root) from writing; see the test that replaces the directory by a file");
            });
            assertThat(failure).contains(checkpoints.toString());
        } finally {
            try (Stream<Path> jobs = Files.list(checkpoints)) {
                jobs.forEach(p -> p.toFile().setWritable(true, false));
            }
        }
    }

    @Test
    void aCheckpointLocationThatCannotBeCreatedFailsTheJobAfterTheTolerableFailuresNamingThePathAndTheOption(@TempDir Path dir)
            throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        String failure = runUntilStorageFails(checkpoints, jobDir -> {
            // a file where the job's checkpoint directory was: no new chk-<n> can be created there, even by root
            Files.move(jobDir, jobDir.resolveSibling("moved-away"));
            Files.writeString(jobDir, "not a directory");
        });
        assertThat(failure).contains(checkpoints.toString());
    }

    /** A storage failure made by the test. */
    interface StorageBreaker {
        void breakIt(Path jobDir) throws Exception;
    }

    /**
     * Runs an endless job with tolerable failures 2; once its first checkpoint completed, {@code
     * breaker} breaks the job's checkpoint directory. The job must keep running for two failed
     * checkpoints and fail at the third, naming the option. Returns the failure's messages.
     */
    private String runUntilStorageFails(Path checkpoints, StorageBreaker breaker) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.enableCheckpointing(30);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString()).setTolerableCheckpointFailureNumber(2);
        env.setRestartStrategy(RestartStrategy.none());
        env.addSource(new EndlessSource(results), "endless", Types.LONG).addSink(new DiscardingSink());
        JobGraph graph = env.getJobGraph("unusable checkpoint directory");
        var result = CLUSTER.submit(graph).getJobResult();
        try {
            results.awaitCount(ENDLESS_COMPLETIONS, 1, Duration.ofSeconds(60));  // a first checkpoint completed
            breaker.breakIt(checkpoints.resolve(graph.jobId().toString()));
        } catch (Throwable t) {
            CLUSTER.cluster().master().cancelJob(graph.jobId()).get(30, TimeUnit.SECONDS);
            throw t;
        }
        ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> result.get(60, TimeUnit.SECONDS));
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FAILED);
        String messages = causeMessages(failure);
        assertThat(messages).contains("3 checkpoint(s) in a row failed").contains("execution.checkpointing.tolerable-failures")
                .contains("could not be created");
        return messages;
    }

    // ---- helpers --------------------------------------------------------------------------------

    /** A corruption of a checkpoint directory. */
    interface Corruption {
        void apply(Path checkpointDir) throws IOException;
    }

    /**
     * After {@code completions} checkpoints completed, corrupts the latest and fails the source; the
     * job must restore the one before. The source holds that completion notification (its task
     * thread, as a slow notification would) until the test marked the corruption done.
     */
    private void failAfterCorrupting(Path dir, int completions, Corruption corruption) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        Configuration settings = new Configuration().set(CheckpointingOptions.INLINE_THRESHOLD, MemorySize.parse("0"));
        StreamExecutionEnvironment env = environment(checkpoints, settings, ThrottledSource.failingAfterCorruption(results, completions),
                Map.of());
        env.enableCheckpointing(30);
        // no checkpoint may complete between the corruption and the failure it is followed by
        env.getCheckpointConfig().setRetainedCheckpoints(2).setMinPauseBetweenCheckpoints(Duration.ofMillis(500));
        JobGraph graph = env.getJobGraph("corrupt checkpoint");
        CompletableFuture<JobExecutionResult> result = CLUSTER.submit(graph).getJobResult();
        long corrupted;
        try {
            corrupted = results.await(names -> names.stream().filter(n -> n.startsWith(CORRUPT)).findFirst()
                    .map(n -> Long.parseLong(n.substring(CORRUPT.length()))), "the source asking for a checkpoint to be corrupted",
                    Duration.ofSeconds(60));
            corruption.apply(checkpointDir(checkpoints, corrupted));
            results.mark(CORRUPTED);
        } catch (Throwable t) {
            CLUSTER.cluster().master().cancelJob(graph.jobId()).get(30, TimeUnit.SECONDS);
            throw t;
        }
        awaitFinished(graph, result);

        assertThat(results.marks().stream().filter(n -> n.startsWith(CORRUPT))).as("checkpoints the source asked to be corrupted")
                .containsExactly(CORRUPT + corrupted);
        assertThat(results.marks()).contains(FAILED);
        List<Long> completed = completed();
        assertThat(completed.get(completions - 1)).as("the corrupted checkpoint is the latest completed before the failure")
                .isEqualTo(corrupted);
        long previous = completed.get(completions - 2);
        Map<Long, Long> snapshotOffsets = snapshotOffsets();
        assertThat(snapshotOffsets.get(previous)).as("the two checkpoints hold different offsets")
                .isLessThan(snapshotOffsets.get(completed.get(completions - 1)));
        assertThat(restoredOffset()).as("the source rewound to the previous checkpoint").isEqualTo(snapshotOffsets.get(previous));
        assertExact();
    }

    private static Path checkpointDir(Path checkpoints, long id) throws IOException {
        try (Stream<Path> jobs = Files.list(checkpoints)) {
            Path jobDir = jobs.findFirst().orElseThrow();
            return jobDir.resolve("chk-" + id);
        }
    }

    private static void flipAByteOfAStateFile(Path chk) throws IOException {
        Path file;
        try (Stream<Path> files = Files.list(chk)) {
            file = files.filter(f -> !f.getFileName().toString().startsWith("_")).sorted().findFirst()
                    .orElseThrow(() -> new IOException("no state file in " + chk));
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            long at = raf.length() / 2;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0xFF);
        }
    }

    private static void truncate(Path file) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(raf.length() / 2);
        }
    }

    private static String causeMessages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append('\n');
        }
        return all.toString();
    }

    /** The pipeline with {@code source}; the map's snapshot of checkpoint {@code id} takes {@code snapshotDelays[id]} ms in one subtask. */
    private StreamExecutionEnvironment environment(Path checkpoints, Configuration settings, ThrottledSource source,
            Map<Long, Long> snapshotDelays) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(50)));
        env.addSource(source, "offsets", Types.LONG)
                .map(new SlowSnapshotMap(results, snapshotDelays)).returns(Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR)
                .addSink(results.recordingSink(COUNTS));
        return env;
    }

    private static JobExecutionResult run(JobGraph graph) throws Exception {
        return awaitFinished(graph, CLUSTER.submit(graph).getJobResult());
    }

    private static JobExecutionResult awaitFinished(JobGraph graph, CompletableFuture<JobExecutionResult> jobResult) throws Exception {
        JobExecutionResult result = jobResult.get(100, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        return result;
    }

    private void assertExact() throws IOException {
        Map<Long, Long> finalCounts = new TreeMap<>();
        // ordered by attempt, then subtask, then as written: a key's last line is the last count its sink saw
        for (String line : results.lines(COUNTS)) {
            Matcher m = matches(COUNT_LINE, line);
            finalCounts.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
        }
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
        Map<Integer, Long> passedByAttempt = new TreeMap<>();
        for (Matcher m : marks(MAP_PASSED_MARK)) {
            passedByAttempt.merge(Integer.parseInt(m.group(1)), Long.parseLong(m.group(3)), Long::sum);
        }
        assertThat(passedByAttempt).as("the maps' reports at close, by attempt").isNotEmpty();
        assertThat(passedByAttempt.get(((TreeMap<Integer, Long>) passedByAttempt).lastKey()))
                .as("the map's operator list state counted every record once").isEqualTo(RECORDS);
    }

    // ---- what the functions marked --------------------------------------------------------------

    /** The ids of completed checkpoints, in the order the source was notified (attempt by attempt). */
    private List<Long> completed() throws IOException {
        Comparator<Matcher> byAttemptThenNumber = Comparator.comparingInt((Matcher m) -> Integer.parseInt(m.group(1)))
                .thenComparingLong(m -> Long.parseLong(m.group(2)));
        return marks(COMPLETED_MARK).stream().sorted(byAttemptThenNumber).map(m -> Long.parseLong(m.group(3))).toList();
    }

    /** The source's offset per checkpoint id it snapshotted. */
    private Map<Long, Long> snapshotOffsets() throws IOException {
        Map<Long, Long> offsets = new TreeMap<>();
        marks(SNAPSHOT_MARK).forEach(m -> offsets.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
        return offsets;
    }

    /** The offset the source restored in its latest attempt that restored one; -1 if none did. */
    private long restoredOffset() throws IOException {
        return marks(RESTORED_MARK).stream().max(Comparator.comparingInt(m -> Integer.parseInt(m.group(1))))
                .map(m -> Long.parseLong(m.group(2))).orElse(-1L);
    }

    /** The most checkpoints a slow map snapshot saw in flight (its own and those the source took meanwhile); 0 if none was slow. */
    private long maxInFlight() throws IOException {
        return marks(IN_FLIGHT_MARK).stream().mapToLong(m -> Long.parseLong(m.group(2))).max().orElse(0);
    }

    /** The checkpoints the maps heard aborted. */
    private List<Long> aborted() throws IOException {
        return results.marks().stream().filter(n -> n.startsWith(ABORTED)).map(n -> Long.parseLong(n.substring(ABORTED.length()))).toList();
    }

    private List<Matcher> marks(Pattern pattern) throws IOException {
        return results.marks().stream().map(pattern::matcher).filter(Matcher::matches).toList();
    }

    private static Matcher matches(Pattern pattern, String line) {
        Matcher m = pattern.matcher(line);
        assertThat(m.matches()).as("'%s' matches %s", line, pattern).isTrue();
        return m;
    }

    // ---- functions ------------------------------------------------------------------------------

    /** What the source does at the completion notifications of its first attempt. */
    enum PlannedFailure {
        /** Nothing: it runs to its end, throttled. */
        NONE,
        /** At the n-th completion it heard, it fails before its next record. */
        AFTER_COMPLETIONS,
        /**
         * At the n-th completion it heard, it marks {@code corrupt-<id>} and holds the notification until
         * the test marked {@value #CORRUPTED}; then it fails before its next record.
         */
        AFTER_THE_TEST_CORRUPTED_THE_LATEST
    }

    /**
     * Emits 0..RECORDS-1 with its offset as state; until a planned failure happened, one block per
     * completed checkpoint. Marks {@code snapshot-<id>=<offset>} at each snapshot, {@code
     * completed-a<attempt>-<n>=<id>} at the n-th completion an attempt heard, {@code
     * restored-a<attempt>=<offset>} at a restore and {@value #FAILED} when it throws as planned.
     */
    static final class ThrottledSource extends RichSourceFunction<Long> implements Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private final PlannedFailure plannedFailure;
        private final int failAtCompletion;
        /** Source thread, and the task thread while it holds the checkpoint lock (snapshots). */
        private long next;
        private volatile boolean running = true;
        /** One permit per completed checkpoint heard of; the source thread takes one per block while throttled. */
        private transient Semaphore blocks;
        /** Task thread only: the completions this attempt heard. */
        private transient int completions;
        /** Set by the task thread at the planned completion; the source thread then throws before its next record. */
        private transient volatile boolean failNow;

        private ThrottledSource(ResultDirectory results, PlannedFailure plannedFailure, int failAtCompletion) {
            this.results = results;
            this.plannedFailure = plannedFailure;
            this.failAtCompletion = failAtCompletion;
        }

        static ThrottledSource withoutFailure(ResultDirectory results) {
            return new ThrottledSource(results, PlannedFailure.NONE, 0);
        }

        static ThrottledSource failingAfter(ResultDirectory results, int completions) {
            return new ThrottledSource(results, PlannedFailure.AFTER_COMPLETIONS, completions);
        }

        static ThrottledSource failingAfterCorruption(ResultDirectory results, int completions) {
            return new ThrottledSource(results, PlannedFailure.AFTER_THE_TEST_CORRUPTED_THE_LATEST, completions);
        }

        @Override
        public void open() {
            blocks = new Semaphore(0);
        }

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
            boolean throttle = !results.marked(FAILED);
            while (running && next < RECORDS) {
                if (next % BLOCK == 0 && next > 0 && throttle && !blocks.tryAcquire(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("no checkpoint completed within 60 s");
                }
                if (failNow) {
                    results.mark(FAILED);
                    throw new IllegalStateException("planned failure at offset " + next);
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
            results.mark(SNAPSHOT + checkpointId + "=" + next);
            return next;
        }

        @Override
        public void restoreState(Long state) {
            next = state;
            results.mark("restored-a" + getRuntimeContext().getAttemptNumber() + "=" + state);
        }

        @Override
        public TypeInfo<Long> stateType() {
            return Types.LONG;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            int attempt = getRuntimeContext().getAttemptNumber();
            completions++;
            results.mark("completed-a" + attempt + "-" + completions + "=" + checkpointId);
            if (plannedFailure != PlannedFailure.NONE && attempt == 0 && completions == failAtCompletion) {
                if (plannedFailure == PlannedFailure.AFTER_THE_TEST_CORRUPTED_THE_LATEST) {
                    results.mark(CORRUPT + checkpointId);
                    if (!results.awaitMarkFromFunction(CORRUPTED, Duration.ofSeconds(60))) {
                        throw new IllegalStateException("the test did not corrupt checkpoint " + checkpointId + " within 60 s");
                    }
                }
                failNow = true;
            }
            blocks.release();
        }
    }

    /**
     * Passes records on, counting them in operator list state; one subtask's snapshot of checkpoint
     * {@code id} takes {@code snapshotDelays[id]} ms (it marks {@code slow-snapshot-<id>} first, and
     * after its sleep {@code in-flight-<id>=<n>}: the checkpoints in flight then, its own and those the
     * source snapshotted meanwhile). Marks {@code aborted-<id>} for the aborts it hears and, at close,
     * {@code map-passed-a<attempt>-s<subtask>=<records passed>}.
     */
    static final class SlowSnapshotMap extends RichMapFunction<Long, Long> implements CheckpointedFunction, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private final Map<Long, Long> snapshotDelays;
        private transient ListState<Long> state;
        private transient long passed;

        SlowSnapshotMap(ResultDirectory results, Map<Long, Long> snapshotDelays) {
            this.results = results;
            this.snapshotDelays = new TreeMap<>(snapshotDelays);
        }

        @Override
        public Long map(Long value) {
            passed++;
            return value;
        }

        @Override
        public void close() {
            results.mark("map-passed-a" + getRuntimeContext().getAttemptNumber() + "-s" + getRuntimeContext().getIndexOfThisSubtask() + "="
                    + passed);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("passed", Types.LONG));
            for (Long p : state.get()) {
                passed += p;
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            long id = context.getCheckpointId();
            Long delay = snapshotDelays.get(id);
            // of the subtasks, the one that marks first is slow
            if (delay != null && results.mark(SLOW_SNAPSHOT + id)) {
                Thread.sleep(delay); // a slow snapshot on purpose: the work of writing much state
                results.mark("in-flight-" + id + "=" + (highestSourceSnapshot() - id + 1));
            }
            state.update(List.of(passed));
        }

        /** The highest checkpoint id the source snapshotted so far, from its marks. */
        private long highestSourceSnapshot() throws IOException {
            return results.marks().stream().map(SNAPSHOT_MARK::matcher).filter(Matcher::matches).mapToLong(m -> Long.parseLong(m.group(1)))
                    .max().orElse(0);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
        }

        @Override
        public void notifyCheckpointAborted(long checkpointId) {
            results.mark(ABORTED + checkpointId); // both subtasks hear it: one mark
        }
    }

    /** Emits until cancelled (the unwritable-directory job ends by failing); counts the completions it hears. */
    static final class EndlessSource implements SourceFunction<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private volatile boolean running = true;

        EndlessSource(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            long i = 0;
            while (running) {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(i++ % 100);
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            results.increment(ENDLESS_COMPLETIONS);
        }
    }

    /** Discards values. */
    static final class DiscardingSink implements SinkFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Long value) {
        }
    }
}
