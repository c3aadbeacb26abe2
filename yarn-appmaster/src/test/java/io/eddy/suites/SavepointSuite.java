package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.cli.EddyCli;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Savepoints end to end, written once and run on every deployment (nested in {@code
 * SuitesOnEmbeddedITCase}, {@code ...OnProcessesITCase}, {@code ...OnYarnITCase}): a job counting per
 * key (keyed value state, parallelism 2) behind a source with a checkpointed offset ({@link
 * HalfWayOffsetSource}) is stopped with a savepoint ({@code cancel --with-savepoint}) half-way; a
 * second job with parallelism 3 starts from the savepoint and finishes the input. Every key's final
 * count is exact: the counts moved to the new subtasks by key group, and the source resumed at its
 * saved offset. The second test does the same through the command line ({@code eddy savepoint},
 * {@code eddy cancel --with-savepoint}) over the control protocol; the third rescales 3 → 1 with
 * keyed state, timers and operator list state. The functions report through a {@link
 * ResultDirectory} (recording sinks, marks, counters) and accumulators.
 */
public abstract class SavepointSuite {

    private static final long RECORDS = 10_000;
    private static final long KEYS = 10;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String FIRST_COUNTS = "counts-first";
    private static final String SECOND_COUNTS = "counts-second";
    /** A counter per timer firing of the second job, {@code timer-<key>=<count when it fired>}. */
    private static final Pattern TIMER = Pattern.compile("timer-(\\d+)=(\\d+)");
    private static final String PASSED = "passed";

    /** The deployment of the subclass: 2 workers of 2 slots (jobs of parallelism up to 3). */
    protected abstract TestDeployment deployment();

    @Test
    void aJobResumesFromASavepointWithAnotherParallelismAndExactCounts(@TempDir Path dir) throws Exception {
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        Path savepoints = dir.resolve("savepoints");
        try (ResultDirectory results = ResultDirectory.create(dir.resolve("results"))) {
            JobGraph first = job(new Configuration(), checkpoints, 2, true, results);
            try (JobClient client = deployment().submit(first)) {
                results.awaitMark(HalfWayOffsetSource.HALF_WAY, TIMEOUT);
                String savepoint = deployment().triggerSavepoint(first.jobId(), savepoints.toUri().toString(), true);
                assertThat(deployment().awaitTermination(first.jobId(), Duration.ofSeconds(30))).isEqualTo(JobStatus.CANCELED);
                Path savepointDir = Path.of(URI.create(savepoint));
                assertThat(savepointDir.getParent()).isEqualTo(savepoints);
                assertThat(savepointDir.resolve("_metadata")).exists();
                assertThat(lastCounts(results, FIRST_COUNTS).values().stream().mapToLong(Long::longValue).sum())
                        .as("half the records were counted").isEqualTo(RECORDS / 2);

                resumeAtParallelismThree(savepoint, checkpoints, results);
                try (var files = Files.list(savepoints)) {
                    assertThat(files).as("the savepoint is kept after the restore").containsExactly(savepointDir);
                }
            }
        }
    }

    @Test
    void theCommandLineTakesSavepointsAndCancelsWithOneOverTheControlProtocol(@TempDir Path dir) throws Exception {
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        try (ResultDirectory results = ResultDirectory.create(dir.resolve("results"))) {
            JobGraph first = job(new Configuration(), checkpoints, 2, true, results);
            try (JobClient client = deployment().submit(first)) {
                results.awaitMark(HalfWayOffsetSource.HALF_WAY, TIMEOUT);
                List<String> target = deployment().cliTarget();

                Cli taken = cli("savepoint", target, first.jobId().toString(), dir.resolve("kept").toUri().toString());
                assertThat(taken.code()).as(taken.err()).isZero();
                assertThat(Path.of(URI.create(taken.out().trim())).resolve("_metadata")).exists();
                assertThat(client.getJobResult()).as("a plain savepoint leaves the job running").isNotDone();

                Cli cancelled = cli("cancel", target, "--with-savepoint", dir.resolve("final").toUri().toString(), first.jobId().toString());
                assertThat(cancelled.code()).as(cancelled.err()).isZero();
                assertThat(deployment().awaitTermination(first.jobId(), Duration.ofSeconds(30))).isEqualTo(JobStatus.CANCELED);
                String savepoint = cancelled.out().replaceFirst("(?s)^Savepoint (\\S+) taken; cancellation of job .* requested\\s*$", "$1");
                assertThat(Path.of(URI.create(savepoint)).getParent()).isEqualTo(dir.resolve("final"));

                Cli ended = cli("savepoint", target, first.jobId().toString(), dir.resolve("late").toUri().toString());
                assertThat(ended.code()).isEqualTo(EddyCli.EXIT_FAILURE);
                assertThat(ended.err()).contains(first.jobId().toString());

                resumeAtParallelismThree(savepoint, checkpoints, results);
            }
        }
    }

    /**
     * Rescaling 3 → 1: a job of parallelism 3 with keyed value state, an event-time timer per key
     * (registered in the first job only, firing at the end of the input) and operator list state
     * (records passed per map subtask) is cancelled with a savepoint half-way; a job of parallelism
     * 1 resumes from it. All three kinds of state arrive whole in the one subtask: the counts are
     * exact, every key's timer fires exactly once (with the key's final count), and the list
     * elements of the three old subtasks add up to the whole input.
     */
    @Test
    void aJobResumesFromASavepointAtParallelismOneWithKeyedStateTimersAndOperatorState(@TempDir Path dir) throws Exception {
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        try (ResultDirectory results = ResultDirectory.create(dir.resolve("results"))) {
            JobGraph first = rescaleJob(new Configuration(), checkpoints, 3, true, results);
            String savepoint;
            try (JobClient client = deployment().submit(first)) {
                results.awaitMark(HalfWayOffsetSource.HALF_WAY, TIMEOUT);
                savepoint = deployment().triggerSavepoint(first.jobId(), dir.resolve("savepoints").toUri().toString(), true);
                assertThat(deployment().awaitTermination(first.jobId(), Duration.ofSeconds(30))).isEqualTo(JobStatus.CANCELED);
            }

            JobGraph second = rescaleJob(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 1, false, results);
            JobExecutionResult result;
            try (JobClient client = deployment().submit(second)) {
                result = client.getJobResult().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
            assertThat(deployment().awaitTermination(second.jobId(), Duration.ofSeconds(10))).isEqualTo(JobStatus.FINISHED);
            assertThat(HalfWayOffsetSource.restoredOffset(results)).contains(RECORDS / 2);
            Map<Long, Long> finalCounts = lastCounts(results, SECOND_COUNTS);
            assertThat(finalCounts.values()).as("keyed state: every key counted once per record").hasSize((int) KEYS)
                    .containsOnly(RECORDS / KEYS);
            Map<Long, Long> firings = new TreeMap<>();
            for (String mark : results.counters()) {
                Matcher m = TIMER.matcher(mark);
                if (m.matches()) {
                    assertThat(results.count(mark)).as("firings of the timer of key %s", m.group(1)).isEqualTo(1);
                    assertThat(firings.put(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))).as("key %s fired twice", m.group(1)).isNull();
                }
            }
            assertThat(firings).as("timers: the restored timer of every key fired once").hasSize((int) KEYS).containsOnlyKeys(finalCounts.keySet());
            assertThat(firings.values()).as("each timer fired after the last record of its key").containsOnly(RECORDS / KEYS);
            assertThat(result.<Long>getAccumulatorResult(PASSED)).as("operator list state: the three old subtasks' counts plus the rest of the input")
                    .isEqualTo(RECORDS);
        }
    }

    /** Runs the second job from {@code savepoint} with parallelism 3 and checks the counts are exact. */
    private void resumeAtParallelismThree(String savepoint, String checkpoints, ResultDirectory results) throws Exception {
        JobGraph second = job(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 3, false, results);
        try (JobClient client = deployment().submit(second)) {
            client.getJobResult().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }
        assertThat(deployment().awaitTermination(second.jobId(), Duration.ofSeconds(10))).isEqualTo(JobStatus.FINISHED);
        assertThat(HalfWayOffsetSource.restoredOffset(results)).as("the source resumed from its saved offset").contains(RECORDS / 2);
        Map<Long, Long> finalCounts = lastCounts(results, SECOND_COUNTS);
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted once per record across both jobs").containsOnly(RECORDS / KEYS);
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

    private JobGraph job(Configuration settings, String checkpoints, int parallelism, boolean first, ResultDirectory results) {
        StreamExecutionEnvironment env = environment(settings, checkpoints, parallelism);
        env.addSource(new HalfWayOffsetSource(RECORDS, first, results), "offsets", Types.LONG).uid("offsets")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new TimerCounter(false, results)).returns(Types.STRING).uid("counter")
                .addSink(results.recordingSink(first ? FIRST_COUNTS : SECOND_COUNTS)).uid("sink");
        return env.getJobGraph("savepoint test (p=" + parallelism + ", " + deployment().name() + ")");
    }

    private JobGraph rescaleJob(Configuration settings, String checkpoints, int parallelism, boolean first, ResultDirectory results) {
        StreamExecutionEnvironment env = environment(settings, checkpoints, parallelism);
        env.addSource(new HalfWayOffsetSource(RECORDS, first, results), "offsets", Types.LONG).uid("offsets")
                .map(new PassedCounter(first)).returns(Types.LONG).uid("passed")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new TimerCounter(first, results)).returns(Types.STRING).uid("counter")
                .addSink(results.recordingSink(first ? FIRST_COUNTS : SECOND_COUNTS)).uid("sink");
        return env.getJobGraph("rescale test (p=" + parallelism + ", " + deployment().name() + ")");
    }

    private StreamExecutionEnvironment environment(Configuration settings, String checkpoints, int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(deployment().settings().merge(settings));
        env.setParallelism(parallelism);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints);
        return env;
    }

    private record Cli(int code, String out, String err) {}

    private static Cli cli(String command, List<String> target, String... args) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(target);
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    /** Counts the records it passes in split operator list state; the second job's subtasks report their counts at close (accumulator {@value #PASSED}). */
    static final class PassedCounter extends RichMapFunction<Long, Long> implements CheckpointedFunction {
        private static final long serialVersionUID = 1L;
        private final boolean first;
        private transient ListState<Long> state;
        /** Task thread only. */
        private transient long passed;

        PassedCounter(boolean first) {
            this.first = first;
        }

        @Override
        public Long map(Long value) {
            passed++;
            return value;
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
            state.update(List.of(passed));
        }

        @Override
        public void close() {
            if (!first) {
                getRuntimeContext().getLongCounter(PASSED).add(passed);
            }
        }
    }

    /**
     * Counts per key in value state and emits {@code key,count}; with {@code registerTimers} (the
     * rescale test's first job) it registers an event-time timer per key, which fires at the end of
     * the input; a firing adds one to the counter {@code timer-<key>=<count>}.
     */
    static final class TimerCounter extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;
        private static final long TIMER_TIME = 1_000_000L;
        private final boolean registerTimers;
        private final ResultDirectory results;
        private transient ValueState<Long> count;

        TimerCounter(boolean registerTimers, ResultDirectory results) {
            this.registerTimers = registerTimers;
            this.results = results;
        }

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) throws Exception {
            Long c = count.value();
            if (c == null && registerTimers) {
                ctx.timerService().registerEventTimeTimer(TIMER_TIME + ctx.getCurrentKey());
            }
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(ctx.getCurrentKey() + "," + updated);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            results.increment("timer-" + ctx.getCurrentKey() + "=" + count.value());
        }
    }
}
