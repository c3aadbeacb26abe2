package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.connector.source.InputStatus;
import io.eddy.api.connector.source.ReaderOutput;
import io.eddy.api.connector.source.Source;
import io.eddy.api.connector.source.SourceReader;
import io.eddy.api.connector.source.SourceReaderContext;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sources whose reader runs on the task thread ({@code fromSource}, docs/sources.md) on the
 * embedded cluster: every record once, checkpoints taken while a reader waits for data, exactly-once
 * recovery from the reader's checkpointed splits, a savepoint resumed at another parallelism with
 * the splits dealt out anew, a failing reader named in the job's error, and a waiting reader
 * cancelled promptly.
 *
 * <p>The functions share static fields with the test: the embedded cluster runs them in this JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReaderSourceITCase {

    private static final long RECORDS = 20_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    /** Completed checkpoints seen by the readers' notifications; a reader waits half-way until there are two. */
    static final Set<Long> COMPLETED_CHECKPOINTS = ConcurrentHashMap.newKeySet();
    /** Futures of readers waiting for checkpoints, completed by the notification that makes two. */
    static final List<CompletableFuture<Void>> WAITING = new ArrayList<>();
    static final AtomicBoolean FAILED_ONCE = new AtomicBoolean();
    /** The least position a restored reader resumed from (Long.MAX_VALUE: no restore). */
    static final AtomicLong RESTORED_FROM = new AtomicLong(Long.MAX_VALUE);
    static final Map<Long, Long> FINAL_COUNTS = new ConcurrentHashMap<>();
    static final AtomicInteger READERS_CLOSED = new AtomicInteger();
    /** Readers the split-less test sources created (a subtask cancelled before it opened its chain creates none). */
    static final AtomicInteger STATELESS_READERS_CREATED = new AtomicInteger();
    /** Whether a reader waits half-way through its first split (until two checkpoints completed). */
    static volatile boolean pauseHalfWay;
    /** The subtasks whose reader emitted at least one record. */
    static final Set<Integer> EMITTING_SUBTASKS = ConcurrentHashMap.newKeySet();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @BeforeEach
    void reset() {
        COMPLETED_CHECKPOINTS.clear();
        synchronized (WAITING) {
            WAITING.clear();
        }
        FAILED_ONCE.set(false);
        RESTORED_FROM.set(Long.MAX_VALUE);
        FINAL_COUNTS.clear();
        READERS_CLOSED.set(0);
        STATELESS_READERS_CREATED.set(0);
        pauseHalfWay = true;
        EMITTING_SUBTASKS.clear();
    }

    @Test
    void fromSequenceEmitsEveryNumberOnceAtAnyParallelism() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(3);

        List<Long> numbers = new ArrayList<>();
        try (CloseableIterator<Long> it = env.fromSequence(1, 10_000).executeAndCollect()) {
            it.forEachRemaining(numbers::add);
        }

        assertThat(numbers).hasSize(10_000).doesNotHaveDuplicates();
        assertThat(numbers.stream().mapToLong(Long::longValue).sum()).isEqualTo(50_005_000L);
    }

    @Test
    void aJobRestartsFromTheReadersCheckpointedSplitsWithExactCounts() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.enableCheckpointing(100);
        env.getCheckpointConfig().setMemoryCheckpointStorage();
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        countingJob(env);
        JobGraph graph = env.getJobGraph("reader source recovery");

        JobClient client = CLUSTER.submit(graph);
        client.getJobResult().get(100, TimeUnit.SECONDS);

        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(FAILED_ONCE).as("the planned failure happened").isTrue();
        assertThat(COMPLETED_CHECKPOINTS.size()).as("checkpoints completed while the readers waited for them").isGreaterThanOrEqualTo(2);
        assertThat(RESTORED_FROM.get()).as("a reader resumed from its checkpointed position, not from its split's start")
                .isGreaterThan(0).isLessThan(Long.MAX_VALUE);
        assertThat(FINAL_COUNTS).hasSize((int) KEYS);
        assertThat(FINAL_COUNTS.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
        assertThat(READERS_CLOSED.get()).as("every reader of both runs was closed").isEqualTo(4);
    }

    @Test
    void aSavepointTakenWhileTheReadersWaitResumesAtAnotherParallelismWithExactCounts(@TempDir Path dir) throws Exception {
        FAILED_ONCE.set(true);  // no planned failure in this test
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        JobGraph first = rescaleJob(new Configuration(), checkpoints, 2);
        CLUSTER.submit(first);
        awaitWaitingReaders(2);

        String savepoint = CLUSTER.cluster().master().triggerSavepoint(first.jobId(), dir.resolve("savepoints").toUri().toString(), true)
                .get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(FINAL_COUNTS.values().stream().mapToLong(Long::longValue).sum()).as("the first halves of two splits were counted")
                .isEqualTo(RECORDS / 4);

        pauseHalfWay = false;
        EMITTING_SUBTASKS.clear();
        JobGraph second = rescaleJob(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 3);
        CLUSTER.submit(second).getJobResult().get(60, TimeUnit.SECONDS);

        assertThat(CLUSTER.cluster().master().jobTermination(second.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(RESTORED_FROM.get()).as("the half-read splits resumed in their middle").isEqualTo(RECORDS / 8);
        assertThat(EMITTING_SUBTASKS).as("the four restored splits were dealt out over all three new subtasks").containsExactlyInAnyOrder(0, 1, 2);
        assertThat(FINAL_COUNTS).hasSize((int) KEYS);
        assertThat(FINAL_COUNTS.values()).as("every key counted once per record across both jobs").containsOnly(RECORDS / KEYS);
    }

    private static JobGraph rescaleJob(Configuration settings, String checkpoints, int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(parallelism);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints);
        countingJob(env);
        return env.getJobGraph("reader source rescale (p=" + parallelism + ")");
    }

    /** The pausing sequence, a planned failure (unless it happened), counts per key, the last count of each key. */
    private static void countingJob(StreamExecutionEnvironment env) {
        env.fromSource(new PausingSequence(), "pausing sequence").uid("source")
                .map(new FailOnce()).uid("fail once")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR).uid("counter")
                .addSink(new LastCountSink()).uid("sink");
    }

    private static void awaitWaitingReaders(int readers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        synchronized (WAITING) {
            while (WAITING.size() < readers && System.nanoTime() < deadline) {
                WAITING.wait(100);
            }
            assertThat(WAITING).as("readers waiting").hasSize(readers);
        }
    }

    @Test
    void aFailingReaderFailsTheJobNamingTheSource() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.fromSource(new FailingSource(), "failing reader").addSink(value -> { });

        Throwable thrown = catchThrowable(() -> env.execute("failing reader"));

        assertThat(thrown).isInstanceOf(JobExecutionException.class)
                .hasMessageMatching("(?s).*Operator 'failing reader \\([12]/2\\)' failed while its reader read the source.*")
                .hasRootCauseMessage("reader says no at 500");
        // The other subtask may be cancelled (the job failing) before it opened its chain and created its reader.
        assertThat(STATELESS_READERS_CREATED.get()).as("readers created").isBetween(1, 2);
        assertThat(READERS_CLOSED.get()).as("every reader created was closed").isEqualTo(STATELESS_READERS_CREATED.get());
    }

    @Test
    void cancellingAJobWhoseReaderWaitsForDataEndsItPromptly() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.fromSource(new NeverAvailableSource(), "waiting reader").addSink(value -> { });
        JobGraph graph = env.getJobGraph("waiting reader");
        JobClient client = CLUSTER.submit(graph);
        awaitWaitingReaders(2);

        long start = System.nanoTime();
        client.cancel();
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown.getCause()).isInstanceOf(JobExecutionException.class).hasCauseInstanceOf(CancellationException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(READERS_CLOSED.get()).as("the cancelled readers were closed").isEqualTo(2);
    }

    /** A range of numbers still to emit, and where the range started (to tell a restored position from a fresh one). */
    public record Range(long start, long next, long last) {}

    /**
     * The numbers 0..RECORDS-1 in one split per subtask; each reader, half-way through its split and
     * before two checkpoints completed, returns NOTHING_AVAILABLE until the second completion.
     */
    static final class PausingSequence implements Source<Long, Range> {
        private static final long serialVersionUID = 1L;

        @Override
        public List<Range> createSplits(int parallelism) {
            List<Range> splits = new ArrayList<>();
            int count = 2 * parallelism;
            long per = RECORDS / count;
            for (int i = 0; i < count; i++) {
                long last = i == count - 1 ? RECORDS - 1 : (i + 1) * per - 1;
                splits.add(new Range(i * per, i * per, last));
            }
            return splits;
        }

        @Override
        public SourceReader<Long, Range> createReader(SourceReaderContext context) {
            return new PausingReader(context.getIndexOfSubtask());
        }

        @Override
        public TypeInfo<Range> getSplitType() {
            return TypeInfo.of(Range.class);
        }
    }

    static final class PausingReader implements SourceReader<Long, Range> {
        private final int subtask;
        private final ArrayDeque<Range> splits = new ArrayDeque<>();
        private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);
        private boolean paused;

        PausingReader(int subtask) {
            this.subtask = subtask;
        }

        @Override
        public void addSplits(List<Range> added) {
            for (Range r : added) {
                if (r.next() != r.start()) {
                    RESTORED_FROM.accumulateAndGet(r.next(), Math::min);
                }
                splits.add(r);
            }
        }

        @Override
        public InputStatus pollNext(ReaderOutput<Long> output) {
            Range r = splits.peek();
            if (r == null) {
                return InputStatus.END_OF_INPUT;
            }
            if (pauseHalfWay && !paused && r.next() == r.start() + (r.last() - r.start() + 1) / 2 && COMPLETED_CHECKPOINTS.size() < 2) {
                paused = true;
                available = new CompletableFuture<>();
                synchronized (WAITING) {
                    WAITING.add(available);
                    WAITING.notifyAll();
                    if (COMPLETED_CHECKPOINTS.size() >= 2) {
                        available.complete(null);
                    }
                }
                return InputStatus.NOTHING_AVAILABLE;
            }
            output.collect(r.next());
            EMITTING_SUBTASKS.add(subtask);
            splits.poll();
            if (r.next() < r.last()) {
                splits.addFirst(new Range(r.start(), r.next() + 1, r.last()));
            }
            return InputStatus.MORE_AVAILABLE;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return available;
        }

        @Override
        public List<Range> snapshotState(long checkpointId) {
            return new ArrayList<>(splits);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            synchronized (WAITING) {
                COMPLETED_CHECKPOINTS.add(checkpointId);
                if (COMPLETED_CHECKPOINTS.size() >= 2) {
                    WAITING.forEach(f -> f.complete(null));
                }
            }
        }

        @Override
        public void close() {
            READERS_CLOSED.incrementAndGet();
        }
    }

    /** Throws once, on a record past a reader's pause (so after two checkpoints completed). */
    static final class FailOnce implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            // Within a split of RECORDS / 4 numbers, past the pause in its middle.
            if (value % (RECORDS / 4) >= RECORDS / 8 + 100 && FAILED_ONCE.compareAndSet(false, true)) {
                throw new IllegalStateException("planned failure at record " + value);
            }
            return value;
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

    /** A source whose readers have no splits and no state, only the behaviour of {@link #reader()}; closing a reader counts it. */
    abstract static class StatelessSource implements Source<Long, Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public List<Integer> createSplits(int parallelism) {
            return List.of();
        }

        @Override
        public SourceReader<Long, Integer> createReader(SourceReaderContext context) {
            STATELESS_READERS_CREATED.incrementAndGet();
            return reader();
        }

        abstract StatelessReader reader();

        @Override
        public TypeInfo<Integer> getSplitType() {
            return Types.INT;
        }
    }

    abstract static class StatelessReader implements SourceReader<Long, Integer> {
        @Override
        public void addSplits(List<Integer> splits) {}

        @Override
        public CompletableFuture<Void> isAvailable() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public List<Integer> snapshotState(long checkpointId) {
            return List.of();
        }

        @Override
        public void close() {
            READERS_CLOSED.incrementAndGet();
        }
    }

    /** A reader that throws at its 500th record. */
    static final class FailingSource extends StatelessSource {
        private static final long serialVersionUID = 1L;

        @Override
        StatelessReader reader() {
            return new StatelessReader() {
                private long emitted;

                @Override
                public InputStatus pollNext(ReaderOutput<Long> output) {
                    if (emitted == 500) {
                        throw new IllegalStateException("reader says no at 500");
                    }
                    output.collect(emitted++);
                    return InputStatus.MORE_AVAILABLE;
                }
            };
        }
    }

    /** A reader that never has data: its availability future never completes. */
    static final class NeverAvailableSource extends StatelessSource {
        private static final long serialVersionUID = 1L;

        @Override
        StatelessReader reader() {
            CompletableFuture<Void> never = new CompletableFuture<>();
            synchronized (WAITING) {
                WAITING.add(never);
                WAITING.notifyAll();
            }
            return new StatelessReader() {
                @Override
                public InputStatus pollNext(ReaderOutput<Long> output) {
                    return InputStatus.NOTHING_AVAILABLE;
                }

                @Override
                public CompletableFuture<Void> isAvailable() {
                    return never;
                }
            };
        }
    }
}
