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
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
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
 * blocking; a keyed counter in value state; a sink keeping the last count per key. Exactness: every
 * key's final count is {@code RECORDS / KEYS}, after any restart.
 *
 * <p>The functions share static fields with the test: the embedded cluster runs them in this JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CheckpointFaultsITCase {

    private static final long RECORDS = 6_000;
    private static final long BLOCK = 1_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    /** One permit per completed checkpoint the source was notified of; the source takes one per block while THROTTLE is set. */
    static final Semaphore BLOCKS = new Semaphore(0);
    static final AtomicBoolean THROTTLE = new AtomicBoolean();
    /** The source's offset per checkpoint id it snapshotted. */
    static final Map<Long, Long> SNAPSHOT_OFFSETS = new ConcurrentHashMap<>();
    /** The ids of completed checkpoints, in the order the source was notified. */
    static final List<Long> COMPLETED = new CopyOnWriteArrayList<>();
    static final AtomicLong SOURCE_HIGHEST_SNAPSHOT = new AtomicLong();
    /** The offset the source restored (-1: none). */
    static final AtomicLong RESTORED_OFFSET = new AtomicLong(-1);
    /** Run by the source on a completion notification (task thread); may set FAIL_SOURCE. */
    static volatile LongConsumer onComplete;
    /** When set, the source thread throws before emitting its next record (once). */
    static final AtomicBoolean FAIL_SOURCE = new AtomicBoolean();
    static final AtomicBoolean FAILED = new AtomicBoolean();

    /** How long the map's snapshot of a checkpoint takes (ms), by checkpoint id; none if absent. */
    static final Map<Long, Long> SNAPSHOT_DELAYS = new ConcurrentHashMap<>();
    /** The most checkpoints the map saw in flight at once (its own unacknowledged one and those the source took meanwhile). */
    static final AtomicLong MAX_IN_FLIGHT = new AtomicLong();
    static final Set<Long> ABORTED = ConcurrentHashMap.newKeySet();
    /** Per key, the last count the sinks saw. */
    static final Map<Long, Long> FINAL_COUNTS = new ConcurrentHashMap<>();
    /** Per attempt number and subtask, the records the map passed (kept in operator list state), reported at close. */
    static final Map<Integer, Map<Integer, Long>> MAP_PASSED = new ConcurrentHashMap<>();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @BeforeEach
    void reset() {
        BLOCKS.drainPermits();
        THROTTLE.set(true);
        SNAPSHOT_OFFSETS.clear();
        COMPLETED.clear();
        SOURCE_HIGHEST_SNAPSHOT.set(0);
        RESTORED_OFFSET.set(-1);
        onComplete = id -> { };
        FAIL_SOURCE.set(false);
        FAILED.set(false);
        SNAPSHOT_DELAYS.clear();
        MAX_IN_FLIGHT.set(0);
        ABORTED.clear();
        FINAL_COUNTS.clear();
        MAP_PASSED.clear();
    }

    @Test
    void overlappingCheckpointsAllCompleteAndARestoreAfterThemIsExact(@TempDir Path dir) throws Exception {
        for (long id = 1; id <= 4; id++) {
            SNAPSHOT_DELAYS.put(id, 300L);
        }
        onComplete = id -> {
            if (COMPLETED.size() == 4) {
                FAIL_SOURCE.set(true);
            }
        };
        StreamExecutionEnvironment env = environment(dir, new Configuration());
        env.enableCheckpointing(30);
        env.getCheckpointConfig().setMaxConcurrentCheckpoints(3);
        JobExecutionResult result = run(env.getJobGraph("overlapping checkpoints"));

        assertThat(MAX_IN_FLIGHT.get()).as("three checkpoints were in flight at once, never more").isEqualTo(3);
        assertThat(COMPLETED.subList(0, 4)).as("the overlapping checkpoints all completed, in order").containsExactly(1L, 2L, 3L, 4L);
        assertThat(FAILED).isTrue();
        // checkpoints triggered before the failure may complete after the 4th; the restore takes the latest that completed
        List<Long> offsetsFromTheFourthOn = SNAPSHOT_OFFSETS.entrySet().stream().filter(e -> e.getKey() >= 4).map(Map.Entry::getValue).toList();
        assertThat(RESTORED_OFFSET.get()).as("restored from the 4th checkpoint or a later one").isIn(offsetsFromTheFourthOn);
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
        SNAPSHOT_DELAYS.put(2L, 750L);
        StreamExecutionEnvironment env = environment(dir, new Configuration());
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setCheckpointTimeout(Duration.ofMillis(500)).setTolerableCheckpointFailureNumber(3);
        JobExecutionResult result = run(env.getJobGraph("checkpoint timeout"));

        assertThat(ABORTED).as("the slow checkpoint was aborted at its timeout").contains(2L);
        assertThat(COMPLETED).as("checkpoints after it completed").doesNotContain(2L).anyMatch(id -> id > 2);
        assertThat(FAILED).isFalse();
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
    private static String runUntilStorageFails(Path checkpoints, StorageBreaker breaker) throws Exception {
        java.util.concurrent.CountDownLatch firstCheckpoint = new java.util.concurrent.CountDownLatch(1);
        onComplete = id -> firstCheckpoint.countDown();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.enableCheckpointing(30);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString()).setTolerableCheckpointFailureNumber(2);
        env.setRestartStrategy(RestartStrategy.none());
        env.addSource(new EndlessSource(), "endless", Types.LONG).addSink(new DiscardingSink());
        JobGraph graph = env.getJobGraph("unusable checkpoint directory");
        var result = CLUSTER.submit(graph).getJobResult();
        try {
            assertThat(firstCheckpoint.await(60, TimeUnit.SECONDS)).as("a first checkpoint completed").isTrue();
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

    /** After {@code completions} checkpoints completed, corrupts the latest and fails the source; the job must restore the one before. */
    private void failAfterCorrupting(Path dir, int completions, Corruption corruption) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        AtomicInteger corrupted = new AtomicInteger();
        onComplete = id -> {
            if (COMPLETED.size() == completions && corrupted.getAndIncrement() == 0) {
                try {
                    corruption.apply(checkpointDir(checkpoints, id));
                } catch (IOException e) {
                    throw new IllegalStateException("could not corrupt checkpoint " + id, e);
                }
                FAIL_SOURCE.set(true);
            }
        };
        Configuration settings = new Configuration().set(CheckpointingOptions.INLINE_THRESHOLD, MemorySize.parse("0"));
        StreamExecutionEnvironment env = environment(checkpoints, settings);
        env.enableCheckpointing(30);
        // no checkpoint may complete between the corruption and the failure it is followed by
        env.getCheckpointConfig().setRetainedCheckpoints(2).setMinPauseBetweenCheckpoints(Duration.ofMillis(500));
        run(env.getJobGraph("corrupt checkpoint"));

        assertThat(corrupted.get()).isPositive();
        assertThat(FAILED).isTrue();
        long previous = COMPLETED.get(completions - 2);
        assertThat(SNAPSHOT_OFFSETS.get(previous)).as("the two checkpoints hold different offsets")
                .isLessThan(SNAPSHOT_OFFSETS.get(COMPLETED.get(completions - 1)));
        assertThat(RESTORED_OFFSET.get()).as("the source rewound to the previous checkpoint").isEqualTo(SNAPSHOT_OFFSETS.get(previous));
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

    private static StreamExecutionEnvironment environment(Path checkpoints, Configuration settings) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(50)));
        env.addSource(new ThrottledSource(), "offsets", Types.LONG)
                .map(new SlowSnapshotMap()).returns(Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR)
                .addSink(new LastCountSink());
        return env;
    }

    private static JobExecutionResult run(JobGraph graph) throws Exception {
        JobExecutionResult result = CLUSTER.submit(graph).getJobResult().get(100, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        return result;
    }

    private static void assertExact() {
        assertThat(FINAL_COUNTS).hasSize((int) KEYS);
        assertThat(FINAL_COUNTS.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
        Map<Integer, Long> lastAttempt = MAP_PASSED.get(MAP_PASSED.keySet().stream().max(Integer::compare).orElseThrow());
        assertThat(lastAttempt.values().stream().mapToLong(Long::longValue).sum())
                .as("the map's operator list state counted every record once").isEqualTo(RECORDS);
    }

    // ---- functions ------------------------------------------------------------------------------

    /** Emits 0..RECORDS-1 with its offset as state; while THROTTLE is set, one block per completed checkpoint. */
    static final class ThrottledSource implements SourceFunction<Long>, Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private long next;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
            while (running && next < RECORDS) {
                if (next % BLOCK == 0 && next > 0 && THROTTLE.get() && !BLOCKS.tryAcquire(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("no checkpoint completed within 60 s");
                }
                if (FAIL_SOURCE.compareAndSet(true, false)) {
                    FAILED.set(true);
                    THROTTLE.set(false);
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
            SNAPSHOT_OFFSETS.put(checkpointId, next);
            SOURCE_HIGHEST_SNAPSHOT.accumulateAndGet(checkpointId, Math::max);
            return next;
        }

        @Override
        public void restoreState(Long state) {
            next = state;
            RESTORED_OFFSET.set(state);
        }

        @Override
        public TypeInfo<Long> stateType() {
            return Types.LONG;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            COMPLETED.add(checkpointId);
            onComplete.accept(checkpointId);
            BLOCKS.release();
        }
    }

    /** Passes records on, counting them in operator list state; its snapshot takes SNAPSHOT_DELAYS[id] ms. */
    static final class SlowSnapshotMap extends RichMapFunction<Long, Long> implements CheckpointedFunction, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private transient ListState<Long> state;
        private transient long passed;

        @Override
        public Long map(Long value) {
            passed++;
            return value;
        }

        @Override
        public void close() {
            MAP_PASSED.computeIfAbsent(getRuntimeContext().getAttemptNumber(), a -> new ConcurrentHashMap<>())
                    .put(getRuntimeContext().getIndexOfThisSubtask(), passed);
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
            Long delay = SNAPSHOT_DELAYS.remove(id);
            if (delay != null) {
                Thread.sleep(delay); // a slow snapshot on purpose: the work of writing much state
                MAX_IN_FLIGHT.accumulateAndGet(SOURCE_HIGHEST_SNAPSHOT.get() - id + 1, Math::max);
            }
            state.update(List.of(passed));
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
        }

        @Override
        public void notifyCheckpointAborted(long checkpointId) {
            ABORTED.add(checkpointId);
        }
    }

    /** Keeps the last count of every key (the sink of a key runs in one subtask, in order). */
    static final class LastCountSink implements SinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            FINAL_COUNTS.put(value.f0, value.f1);
        }
    }

    /** Emits until cancelled (the unwritable-directory job ends by failing). */
    static final class EndlessSource implements SourceFunction<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private volatile boolean running = true;

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
            onComplete.accept(checkpointId);
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
