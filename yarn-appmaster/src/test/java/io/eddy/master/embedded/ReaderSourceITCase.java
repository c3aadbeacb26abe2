package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.functions.rich.RichMapFunction;
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
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>Sources, readers and functions report through the marks, counters and recording sinks of a
 * {@link ResultDirectory}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReaderSourceITCase {

    private static final long RECORDS = 20_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    /** Marks and counters of the readers: {@code restored-<position>}, {@code emitted-<job>-<subtask>}, {@code checkpoint-<id>}. */
    private static final Pattern RESTORED = Pattern.compile("restored-(\\d+)");
    private static final Pattern CHECKPOINT = Pattern.compile("checkpoint-(\\d+)");
    private static final String FAILED = "failed";
    private static final String WAITING = "waiting-readers";
    private static final String READERS_CLOSED = "readers-closed";
    /** Readers the split-less test sources created (a subtask cancelled before it opened its chain creates none). */
    private static final String READERS_CREATED = "readers-created";

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    private ResultDirectory results;

    @BeforeEach
    void results(@TempDir Path dir) throws IOException {
        results = ResultDirectory.create(dir);
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
        countingJob(env, results, "recovery", true);
        JobGraph graph = env.getJobGraph("reader source recovery");

        JobClient client = CLUSTER.submit(graph);
        client.getJobResult().get(100, TimeUnit.SECONDS);

        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(results.marks()).as("the planned failure happened").contains(FAILED);
        assertThat(matching(CHECKPOINT)).as("checkpoints completed while the readers waited for them").hasSizeGreaterThanOrEqualTo(2);
        assertThat(restoredFrom()).as("a reader resumed from its checkpointed position, not from its split's start").hasValueSatisfying(
                position -> assertThat(position).isPositive());
        Map<Long, Long> finalCounts = lastCounts("recovery");
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
        assertThat(results.count(READERS_CLOSED)).as("every reader of both runs was closed").isEqualTo(4);
    }

    @Test
    void aSavepointTakenWhileTheReadersWaitResumesAtAnotherParallelismWithExactCounts(@TempDir Path dir) throws Exception {
        results.mark(FAILED);  // no planned failure in this test
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        JobGraph first = rescaleJob(new Configuration(), checkpoints, 2, results, "first");
        CLUSTER.submit(first);
        awaitWaitingReaders(2);

        String savepoint = CLUSTER.cluster().master().triggerSavepoint(first.jobId(), dir.resolve("savepoints").toUri().toString(), true)
                .get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(lastCounts("first").values().stream().mapToLong(Long::longValue).sum()).as("the first halves of two splits were counted")
                .isEqualTo(RECORDS / 4);

        JobGraph second = rescaleJob(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 3, results, "second");
        CLUSTER.submit(second).getJobResult().get(60, TimeUnit.SECONDS);

        assertThat(CLUSTER.cluster().master().jobTermination(second.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(restoredFrom()).as("the half-read splits resumed in their middle").contains(RECORDS / 8);
        assertThat(results.marks().stream().filter(m -> m.startsWith("emitted-second-")).map(m -> m.substring("emitted-second-".length())))
                .as("the four restored splits were dealt out over all three new subtasks").containsExactlyInAnyOrder("0", "1", "2");
        Map<Long, Long> finalCounts = lastCounts("second");
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted once per record across both jobs").containsOnly(RECORDS / KEYS);
    }

    private static JobGraph rescaleJob(Configuration settings, String checkpoints, int parallelism, ResultDirectory results, String job) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(parallelism);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints);
        countingJob(env, results, job, job.equals("first"));
        return env.getJobGraph("reader source rescale (p=" + parallelism + ")");
    }

    /**
     * The pausing sequence (its readers marking {@code emitted-<job>-<subtask>}), a planned failure
     * (unless it happened), counts per key, each count recorded as {@code key,count} by the sink
     * {@code counts-<job>}.
     */
    private static void countingJob(StreamExecutionEnvironment env, ResultDirectory results, String job, boolean pauseHalfWay) {
        env.fromSource(new PausingSequence(results, job, pauseHalfWay), "pausing sequence").uid("source")
                .map(new FailOnce(results)).uid("fail once")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR).uid("counter")
                .map(t -> t.f0 + "," + t.f1).returns(Types.STRING).uid("line")
                .addSink(results.<String>recordingSink("counts-" + job)).uid("sink");
    }

    /** Per key, the last count the sink of {@code job} recorded (attempts in order; a key's counts come from one subtask). */
    private Map<Long, Long> lastCounts(String job) throws IOException {
        Map<Long, Long> last = new TreeMap<>();
        for (String line : results.lines("counts-" + job)) {
            String[] f = line.split(",");
            last.put(Long.parseLong(f[0]), Long.parseLong(f[1]));
        }
        return last;
    }

    /** The least position a restored reader resumed from, if one did. */
    private Optional<Long> restoredFrom() throws IOException {
        return matching(RESTORED).stream().map(m -> Long.parseLong(m.group(1))).min(Long::compare);
    }

    private List<Matcher> matching(Pattern pattern) throws IOException {
        return results.marks().stream().map(pattern::matcher).filter(Matcher::matches).toList();
    }

    private void awaitWaitingReaders(int readers) throws Exception {
        results.awaitCount(WAITING, readers, Duration.ofSeconds(30));
        assertThat(results.count(WAITING)).as("readers waiting").isEqualTo(readers);
    }

    @Test
    void aFailingReaderFailsTheJobNamingTheSource() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.fromSource(new FailingSource(results), "failing reader").addSink(value -> { });

        Throwable thrown = catchThrowable(() -> env.execute("failing reader"));

        assertThat(thrown).isInstanceOf(JobExecutionException.class)
                .hasMessageMatching("(?s).*Operator 'failing reader \\([12]/2\\)' failed while its reader read the source.*")
                .hasRootCauseMessage("reader says no at 500");
        // The other subtask may be cancelled (the job failing) before it opened its chain and created its reader.
        assertThat(results.count(READERS_CREATED)).as("readers created").isBetween(1L, 2L);
        assertThat(results.count(READERS_CLOSED)).as("every reader created was closed").isEqualTo(results.count(READERS_CREATED));
    }

    @Test
    void cancellingAJobWhoseReaderWaitsForDataEndsItPromptly() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.fromSource(new NeverAvailableSource(results), "waiting reader").addSink(value -> { });
        JobGraph graph = env.getJobGraph("waiting reader");
        JobClient client = CLUSTER.submit(graph);
        awaitWaitingReaders(2);

        long start = System.nanoTime();
        client.cancel();
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown.getCause()).isInstanceOf(JobExecutionException.class).hasCauseInstanceOf(CancellationException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(results.count(READERS_CLOSED)).as("the cancelled readers were closed").isEqualTo(2);
    }

    /** A range of numbers still to emit, and where the range started (to tell a restored position from a fresh one). */
    public record Range(long start, long next, long last) {}

    /**
     * The numbers 0..RECORDS-1 in one split per subtask; each reader, half-way through its split and
     * before it was notified of two completed checkpoints, returns NOTHING_AVAILABLE until the second
     * notification (with {@code pauseHalfWay}).
     */
    static final class PausingSequence implements Source<Long, Range> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private final String job;
        private final boolean pauseHalfWay;

        PausingSequence(ResultDirectory results, String job, boolean pauseHalfWay) {
            this.results = results;
            this.job = job;
            this.pauseHalfWay = pauseHalfWay;
        }

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
            return new PausingReader(context.getIndexOfSubtask(), results, job, pauseHalfWay);
        }

        @Override
        public TypeInfo<Range> getSplitType() {
            return TypeInfo.of(Range.class);
        }
    }

    /** Reads, pauses and is notified on its task's thread: no locks. */
    static final class PausingReader implements SourceReader<Long, Range> {
        private final int subtask;
        private final ResultDirectory results;
        private final String job;
        private final boolean pauseHalfWay;
        private final ArrayDeque<Range> splits = new ArrayDeque<>();
        private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);
        private boolean paused;
        private boolean emitted;
        private int completedCheckpoints;

        PausingReader(int subtask, ResultDirectory results, String job, boolean pauseHalfWay) {
            this.subtask = subtask;
            this.results = results;
            this.job = job;
            this.pauseHalfWay = pauseHalfWay;
        }

        @Override
        public void addSplits(List<Range> added) {
            for (Range r : added) {
                if (r.next() != r.start()) {
                    results.mark("restored-" + r.next());
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
            if (pauseHalfWay && !paused && r.next() == r.start() + (r.last() - r.start() + 1) / 2 && completedCheckpoints < 2) {
                paused = true;
                available = new CompletableFuture<>();
                results.increment(WAITING);
                return InputStatus.NOTHING_AVAILABLE;
            }
            output.collect(r.next());
            if (!emitted) {
                emitted = true;
                results.mark("emitted-" + job + "-" + subtask);
            }
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
            results.mark("checkpoint-" + checkpointId);
            if (++completedCheckpoints >= 2) {
                available.complete(null);
            }
        }

        @Override
        public void close() {
            results.increment(READERS_CLOSED);
        }
    }

    /** Throws once (the mark {@value #FAILED}), on a record past a reader's pause (so after two checkpoints completed). */
    static final class FailOnce extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        /** Task thread only: this instance tried for the mark already. */
        private transient boolean tried;

        FailOnce(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public Long map(Long value) {
            // Within a split of RECORDS / 4 numbers, past the pause in its middle.
            if (!tried && value % (RECORDS / 4) >= RECORDS / 8 + 100) {
                tried = true;
                if (results.mark(FAILED)) {
                    throw new IllegalStateException("planned failure at record " + value);
                }
            }
            return value;
        }
    }

    /** A source whose readers have no splits and no state, only the behaviour of {@link #reader()}; closing a reader counts it. */
    abstract static class StatelessSource implements Source<Long, Integer> {
        private static final long serialVersionUID = 1L;
        final ResultDirectory results;

        StatelessSource(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public List<Integer> createSplits(int parallelism) {
            return List.of();
        }

        @Override
        public SourceReader<Long, Integer> createReader(SourceReaderContext context) {
            results.increment(READERS_CREATED);
            return reader();
        }

        abstract StatelessReader reader();

        @Override
        public TypeInfo<Integer> getSplitType() {
            return Types.INT;
        }
    }

    abstract static class StatelessReader implements SourceReader<Long, Integer> {
        private final ResultDirectory results;

        StatelessReader(ResultDirectory results) {
            this.results = results;
        }

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
            results.increment(READERS_CLOSED);
        }
    }

    /** A reader that throws at its 500th record. */
    static final class FailingSource extends StatelessSource {
        private static final long serialVersionUID = 1L;

        FailingSource(ResultDirectory results) {
            super(results);
        }

        @Override
        StatelessReader reader() {
            return new StatelessReader(results) {
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

        NeverAvailableSource(ResultDirectory results) {
            super(results);
        }

        @Override
        StatelessReader reader() {
            CompletableFuture<Void> never = new CompletableFuture<>();
            results.increment(WAITING);
            return new StatelessReader(results) {
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
