package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.KeyedStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import io.eddy.streaming.it.InterceptingSource;
import io.eddy.testkit.results.ResultDirectory;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The job of {@link ExactlyOnceSuite} (and of {@code io.eddy.yarn.YarnExactlyOnceITCase} and {@code YarnClientReattachITCase}): the numbers {@code 0..NUMBERS-1} from the rewindable
 * sequence source (throttled, so that a run lasts long enough for kills to land in it), each number
 * its own event timestamp, then per key ({@code number % KEYS}) a running count in {@code
 * ValueState} (lines {@code key,count,number}) and a count per event-time tumbling window (lines
 * {@code key@windowStart=count}), both written through sinks the test chooses.
 *
 * <p>The functions talk to the test through the marks of a {@link ResultDirectory}: {@code open-a<attempt>-s<subtask>-p<pid>}
 * when a source lane opens (the pid of its worker process), {@code done-a<attempt>-s<subtask>-c<id>}
 * when it learns that checkpoint {@code id} completed, {@value #INJECTED} when the one planned
 * exception was thrown. They run in the worker processes; everything they share with the test is in
 * their (serialized) fields.
 */
public final class ExactlyOnceJob {

    public static final long NUMBERS = 50_000;
    public static final long KEYS = 10;
    static final long WINDOW_MILLIS = 1_000;
    /** Throttle: each source lane pauses {@link #PAUSE_MILLIS} ms every {@link #PAUSE_EVERY} numbers (about 2,000 numbers/s per lane: some 12 s for the job undisturbed). */
    static final int PAUSE_EVERY = 10;
    /**
     * The mark that lets the job end: a source lane holds before emitting a number of {@link
     * #RELEASE_GATE} or more until it exists, so however fast the job runs (or slowly the test
     * kills), it cannot end before the test has done what it set out to do; the test writes it
     * with {@link ResultDirectory#mark} when it has. Checkpoints go on while the lane holds.
     */
    public static final String RELEASE = "release";
    static final long RELEASE_GATE = NUMBERS - 100;
    static final long PAUSE_MILLIS = 5;
    static final String INJECTED = "injected";

    private ExactlyOnceJob() {}

    /**
     * Builds the job into {@code env}.
     *
     * @param failAt the number at which the source-side map throws once (guarded by the mark
     *     {@value #INJECTED}), or -1 for no failure there
     */
    public static void build(StreamExecutionEnvironment env, ResultDirectory marks, long failAt, SinkFunction<String> counts, SinkFunction<String> windows) {
        DataStream<Long> numbers = env.addSource(new ThrottledSequence(0, NUMBERS - 1, marks), "throttled sequence", Types.LONG)
                .map(new MarkingMap(marks, failAt)).returns(Types.LONG).name("marks")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Long>forMonotonousTimestamps().withTimestampAssigner((n, ts) -> n));
        KeyedStream<Long, Long> byKey = numbers.keyBy(n -> n % KEYS, Types.LONG);
        byKey.process(new RunningCount()).returns(Types.STRING).name("running counts")
                .addSink(counts).name("counts sink");
        byKey.window(TumblingEventTimeWindows.of(Duration.ofMillis(WINDOW_MILLIS)))
                .aggregate(new Count(), new WindowLine()).returns(Types.STRING).name("window counts")
                .addSink(windows).name("windows sink");
    }

    /**
     * The output of an exactly-once run, as lines of the committed files: every key's running count
     * steps 1..n appear once each, every number is counted once, and every (key, window) count
     * equals the reference.
     */
    public static void assertExactlyOnce(List<String> countLines, List<String> windowLines) {
        Map<Long, List<Long>> countsByKey = new TreeMap<>();
        long[] seen = new long[(int) NUMBERS];
        for (String line : countLines) {
            String[] f = line.split(",");
            long key = Long.parseLong(f[0]);
            long n = Long.parseLong(f[2]);
            assertThat(n % KEYS).as("key of %s", line).isEqualTo(key);
            countsByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(Long.parseLong(f[1]));
            seen[(int) n]++;
        }
        List<Long> steps = new ArrayList<>();
        for (long c = 1; c <= NUMBERS / KEYS; c++) {
            steps.add(c);
        }
        assertThat(countsByKey).as("keys").hasSize((int) KEYS);
        countsByKey.forEach((key, cs) -> assertThat(cs.stream().sorted().toList()).as("count steps of key %d, each once", key).isEqualTo(steps));
        for (int n = 0; n < seen.length; n++) {
            assertThat(seen[n]).as("times number %d was counted", n).isEqualTo(1);
        }
        Map<String, Long> windowCounts = new TreeMap<>();
        for (String line : windowLines) {
            int eq = line.indexOf('=');
            Long previous = windowCounts.put(line.substring(0, eq), Long.parseLong(line.substring(eq + 1)));
            assertThat(previous).as("window %s written twice", line.substring(0, eq)).isNull();
        }
        assertThat(windowCounts).isEqualTo(expectedWindowCounts());
    }

    /** The reference: {@code key@windowStart} → count, computed directly. */
    public static Map<String, Long> expectedWindowCounts() {
        Map<String, Long> expected = new TreeMap<>();
        for (long n = 0; n < NUMBERS; n++) {
            expected.merge(n % KEYS + "@" + Math.floorDiv(n, WINDOW_MILLIS) * WINDOW_MILLIS, 1L, Long::sum);
        }
        return expected;
    }

    /**
     * The rewindable {@link SequenceSourceFunction}, throttled: every {@link #PAUSE_EVERY} numbers
     * the source thread waits {@link #PAUSE_MILLIS} ms on the checkpoint lock, which releases it, so
     * checkpoint mails run during the pauses. The pause comes before a number is emitted and its
     * offset advanced, so a snapshot taken then is consistent. The pause only slows the job down;
     * results never depend on it.
     */
    static final class ThrottledSequence extends InterceptingSource<Long, SequenceSourceFunction> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory marks;
        /** Source thread only. */
        private transient long emitted;
        /** Source thread only: the {@value ExactlyOnceJob#RELEASE} mark was seen. */
        private transient boolean released;

        ThrottledSequence(long from, long to, ResultDirectory marks) {
            super(new SequenceSourceFunction(from, to));
            this.marks = marks;
        }

        @Override
        protected void beforeEmit(Long element, Object lock) {
            if (++emitted % PAUSE_EVERY == 0) {
                pause(lock);
            }
            while (!released && element >= RELEASE_GATE) {
                released = marks.marked(RELEASE);
                if (!released) {
                    pause(lock);
                }
            }
        }

        /** Called holding the lock (inside the sequence's emit block); {@code wait} releases it meanwhile. */
        private static void pause(Object lock) {
            try {
                TimeUnit.MILLISECONDS.timedWait(lock, PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("The throttled sequence was interrupted (the task is being cancelled)", e);
            }
        }
    }

    /**
     * Passes the numbers on (chained to the source: one per lane) and leaves marks: when it opens,
     * when a checkpoint completed, and when it throws the planned exception at {@code failAt}.
     */
    static final class MarkingMap extends RichMapFunction<Long, Long> implements CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory marks;
        private final long failAt;

        MarkingMap(ResultDirectory marks, long failAt) {
            this.marks = marks;
            this.failAt = failAt;
        }

        @Override
        public void open() {
            marks.mark("open-" + lane() + "-p" + ProcessHandle.current().pid());
        }

        @Override
        public Long map(Long n) {
            if (n == failAt && marks.mark(INJECTED)) {
                throw new IllegalStateException("Planned failure at number " + n + " (" + lane() + ")");
            }
            return n;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            marks.mark("done-" + lane() + "-c" + checkpointId);
        }

        private String lane() {
            return "a" + getRuntimeContext().getAttemptNumber() + "-s" + getRuntimeContext().getIndexOfThisSubtask();
        }
    }

    /** The running count of each key in value state: emits {@code key,count,number} per number. */
    static final class RunningCount extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long n, Context ctx, Collector<String> out) throws Exception {
            Long c = count.value();
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(ctx.getCurrentKey() + "," + updated + "," + n);
        }
    }

    /** Counts the numbers of a window. */
    static final class Count implements AggregateFunction<Long, Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Long value, Long accumulator) {
            return accumulator + 1;
        }

        @Override
        public Long getResult(Long accumulator) {
            return accumulator;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** {@code key@windowStart=count}. */
    static final class WindowLine implements WindowFunction<Long, String, Long, TimeWindow> {
        private static final long serialVersionUID = 1L;

        @Override
        public void apply(Long key, TimeWindow window, Iterable<Long> counts, Collector<String> out) {
            for (Long c : counts) {
                out.collect(key + "@" + window.getStart() + "=" + c);
            }
        }
    }

    /**
     * A sink that is not transactional (for the at-least-once run): appends each line to its own
     * file per attempt and subtask, {@code <prefix>-a<attempt>-s<subtask>.txt}, and flushes when a
     * checkpoint is taken, so everything written before a completed checkpoint survives a killed
     * process. With {@code failOnce}, subtask 0 throws once (mark {@value #INJECTED}) after it saw
     * two checkpoints complete and wrote at least {@code 20} lines since its last snapshot: those
     * lines come after the latest completed checkpoint (it cannot be newer than the sink's last
     * snapshot), so the replay writes them again — a duplicate for certain.
     */
    static final class AppendingSink extends RichSinkFunction<String> implements CheckpointedFunction, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private static final int LINES_BEFORE_FAILURE = 20;
        private final String directory;
        private final String prefix;
        private final ResultDirectory marks;
        private final boolean failOnce;
        /** Task thread only. */
        private transient BufferedWriter writer;
        private transient long sinceSnapshot;
        private transient int completed;

        AppendingSink(String directory, String prefix, ResultDirectory marks, boolean failOnce) {
            this.directory = directory;
            this.prefix = prefix;
            this.marks = marks;
            this.failOnce = failOnce;
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {
            // No state: the sink only needs to know when snapshots are taken.
        }

        @Override
        public void open() throws IOException {
            RuntimeContext rc = getRuntimeContext();
            Path file = Path.of(directory, prefix + "-a" + rc.getAttemptNumber() + "-s" + rc.getIndexOfThisSubtask() + ".txt");
            writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        }

        @Override
        public void invoke(String line) throws IOException {
            writer.write(line);
            writer.write('\n');
            sinceSnapshot++;
            if (failOnce && completed >= 2 && sinceSnapshot >= LINES_BEFORE_FAILURE && getRuntimeContext().getIndexOfThisSubtask() == 0
                    && marks.mark(INJECTED)) {
                writer.flush();
                throw new IllegalStateException("Planned failure in " + prefix + " after " + sinceSnapshot + " lines past the last snapshot");
            }
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws IOException {
            writer.flush();
            sinceSnapshot = 0;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            completed++;
        }

        @Override
        public void close() throws IOException {
            if (writer != null) {
                writer.close();
                writer = null;
            }
        }
    }

    /** The mark of a source lane that opened: attempt, subtask, pid of its worker process. */
    public static final Pattern OPEN = Pattern.compile("open-a(\\d+)-s(\\d+)-p(\\d+)");
    /** The mark of a source lane that learnt of a completed checkpoint: attempt, subtask, checkpoint id. */
    public static final Pattern DONE = Pattern.compile("done-a(\\d+)-s(\\d+)-c(\\d+)");

    /** The newest job attempt whose source lanes opened in {@code names} (the marks), or -1. */
    public static int newestOpenedAttempt(List<String> names) {
        return names.stream().map(OPEN::matcher).filter(Matcher::matches).mapToInt(m -> Integer.parseInt(m.group(1))).max().orElse(-1);
    }

    /** The pid of the worker process running source lane 0 of {@code attempt}, once it opened. */
    public static Optional<Long> laneZeroPid(List<String> names, int attempt) {
        return names.stream().map(OPEN::matcher).filter(Matcher::matches)
                .filter(m -> Integer.parseInt(m.group(1)) == attempt && m.group(2).equals("0")).map(m -> Long.parseLong(m.group(3)))
                .findFirst();
    }
}
