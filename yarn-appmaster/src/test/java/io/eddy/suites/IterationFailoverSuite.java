package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.DeltaIteration;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.IterativeDataSet;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loops that lose a worker (docs/iterations.md, "Runs and restarts", "Snapshots and recovery"),
 * written once and run on every deployment (2 workers of 2 slots). Without snapshots, the worker
 * running lane 0 of a loop is killed in superstep 4 of 8; the loop's tasks are one region, so the
 * whole loop runs again from superstep 1 with the next attempt. With a snapshot every 3 supersteps,
 * the worker is killed in superstep 8 of 10 and the loop resumes at superstep 7, after the snapshot
 * of superstep 6: the bulk loop's step reads the previous superstep's aggregate (which the resumed
 * run gets from the snapshot), the delta loop's joins a static input (which the resumed run reads
 * again). Either way the result is exact.
 */
public abstract class IterationFailoverSuite {

    private static final int SUPERSTEPS = 8;
    private static final int KILL_IN = 4;
    private static final int SNAPSHOT_SUPERSTEPS = 10;
    private static final int SNAPSHOT_EVERY = 3;
    private static final int SNAPSHOT_KILL_IN = 8;
    /** Where the loop resumes when lane 0 opened {@link #SNAPSHOT_KILL_IN}: snapshot 6 was complete once all reported 7. */
    private static final int RESUMES_AT = 7;
    /**
     * The first attempt's pause per record in the snapshot tests: 0.5 s per superstep, so that the
     * kill lands before every task reported superstep 10 (snapshot 9 would be complete then) with a
     * margin of about 1.5 s.
     */
    private static final int SNAPSHOT_SLOW_MILLIS = 5;
    private static final long KEYS = 200;
    /** The aggregator counting the records of a superstep. */
    private static final String RECORDS = "records";
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(90);
    /** {@code step-<subtask>-a<attempt>-s<superstep>-p<pid>}: the loop's function opened for that superstep in that process. */
    private static final Pattern OPEN = Pattern.compile("step-(\\d+)-a(\\d+)-s(\\d+)-p(\\d+)");

    /** The deployment of the subclass: 2 workers of 2 slots. */
    protected abstract TestDeployment deployment();

    /** The results of a test at {@code dir}; a deployment may put the output elsewhere (YARN: on HDFS). */
    protected ResultDirectory results(Path dir) throws IOException {
        return ResultDirectory.create(dir);
    }

    private ExecutionEnvironment env() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(200)));
        return env;
    }

    private DataSet<Tuple2<Long, Long>> zeros(ExecutionEnvironment env) {
        return env.fromCollection(LongStream.range(0, KEYS).mapToObj(k -> new Tuple2<>(k, 0L)).toList());
    }

    @Test
    void aBulkLoopWhoseWorkerIsKilledRunsAgainFromTheFirstSuperstepAndIsExact(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = env();
            IterativeDataSet<Tuple2<Long, Long>> loop = zeros(env).iterate(SUPERSTEPS).name("Counting");
            loop.closeWith(loop.map(new MarkingStep(results, false)).name("Step")).writeAsCsv(results.outputUri("counts"));
            killLaneZeroInSuperstep(results, env, "bulk loop failover (" + deployment().name() + ")");
        }
    }

    @Test
    void aDeltaLoopWhoseWorkerIsKilledRunsAgainFromTheFirstSuperstepAndIsExact(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = env();
            DataSet<Tuple2<Long, Long>> zeros = zeros(env);
            DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = zeros.iterateDelta(zeros, SUPERSTEPS, 0).name("Counting");
            DataSet<Tuple2<Long, Long>> next = it.getSolutionSet().join(it.getWorkset()).where(0).equalTo(0).with(new Current())
                    .map(new MarkingStep(results, false)).name("Step");
            it.closeWith(next, next).writeAsCsv(results.outputUri("counts"));
            killLaneZeroInSuperstep(results, env, "delta loop failover (" + deployment().name() + ")");
        }
    }

    @Test
    void aBulkLoopWithSnapshotsWhoseWorkerIsKilledResumesAfterTheLatestSnapshotAndIsExact(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = env().enableIterationSnapshots(SNAPSHOT_EVERY, results.outputUri("snapshots"));
            IterativeDataSet<Tuple2<Long, Long>> loop = zeros(env).iterate(SNAPSHOT_SUPERSTEPS).name("Counting")
                    .registerAggregator(RECORDS, new LongSumAggregator());
            DataSet<Tuple2<Long, Long>> next = loop.map(new MarkingStep(results, true, SNAPSHOT_SLOW_MILLIS)).name("Step");
            loop.closeWith(next).writeAsCsv(results.outputUri("counts"));
            // Superstep 1 adds 1, every later one 1 + the previous superstep's record count / KEYS = 2: a resumed run
            // that lost the snapshot's aggregates would add 1 in its first superstep.
            killAndResume(results, env, "bulk loop resumes (" + deployment().name() + ")", 1 + 2 * (SNAPSHOT_SUPERSTEPS - 1));
        }
    }

    @Test
    void aDeltaLoopWithSnapshotsWhoseWorkerIsKilledResumesAfterTheLatestSnapshotAndIsExact(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = env().enableIterationSnapshots(SNAPSHOT_EVERY, results.outputUri("snapshots"));
            DataSet<Tuple2<Long, Long>> zeros = zeros(env);
            DataSet<Tuple2<Long, Long>> increments = env.fromCollection(LongStream.range(0, KEYS).mapToObj(k -> new Tuple2<>(k, 3L))
                    .toList()).name("Increments");
            DeltaIteration<Tuple2<Long, Long>, Tuple2<Long, Long>> it = zeros.iterateDelta(zeros, SNAPSHOT_SUPERSTEPS, 0).name("Counting");
            // A static input joined in every superstep: the resumed run reads it again in its first superstep.
            DataSet<Tuple2<Long, Long>> next = it.getSolutionSet().join(it.getWorkset()).where(0).equalTo(0).with(new Current())
                    .join(increments).where(0).equalTo(0).with(new AddIncrement()).name("Add")
                    .map(new MarkingStep(results, false, SNAPSHOT_SLOW_MILLIS)).name("Step");
            it.closeWith(next, next).writeAsCsv(results.outputUri("counts"));
            killAndResume(results, env, "delta loop resumes (" + deployment().name() + ")", 4 * SNAPSHOT_SUPERSTEPS);
        }
    }

    private void killLaneZeroInSuperstep(ResultDirectory results, ExecutionEnvironment env, String name) throws Exception {
        killLaneZero(results, env, name, KILL_IN);
        assertExactCounts(results, SUPERSTEPS);
        List<String> marks = results.marks();
        assertThat(opened(marks, 0, -1, 1)).as("the loop ran again from superstep 1 with a later attempt").isPresent();
        assertThat(opened(marks, 0, -1, SUPERSTEPS)).as("and to its end").isPresent();
        deployment().awaitWorkers();
    }

    /**
     * Kills lane 0's worker in superstep 8 of 10 and checks that the loop resumed at superstep 7 (the
     * snapshot of 6) and that every key ends at {@code expected}.
     */
    private void killAndResume(ResultDirectory results, ExecutionEnvironment env, String name, long expected) throws Exception {
        Map<String, java.io.Serializable> accumulators = killLaneZero(results, env, name, SNAPSHOT_KILL_IN);
        assertExactCounts(results, expected);
        List<String> marks = results.marks();
        for (int subtask = 0; subtask < 2; subtask++) {
            assertThat(opened(marks, subtask, -1, RESUMES_AT)).as("lane %d resumed at superstep %d with a later attempt", subtask,
                    RESUMES_AT).isPresent();
            for (int superstep = 1; superstep < RESUMES_AT; superstep++) {
                assertThat(opened(marks, subtask, -1, superstep)).as("lane %d ran superstep %d again", subtask, superstep).isEmpty();
            }
            assertThat(opened(marks, subtask, -1, SNAPSHOT_SUPERSTEPS)).as("lane %d ran to the end", subtask).isPresent();
        }
        assertThat(accumulators.get("iteration.Counting.first-superstep")).as("the last run's first superstep")
                .isEqualTo(RESUMES_AT);
        deployment().awaitWorkers();
    }

    private Map<String, java.io.Serializable> killLaneZero(ResultDirectory results, ExecutionEnvironment env, String name, int superstep)
            throws Exception {
        try (JobClient client = deployment().submit(env.getJobGraph(name))) {
            long pid = results.await(names -> opened(names, 0, 0, superstep), "lane 0 to start superstep " + superstep, MARK_TIMEOUT);
            deployment().killWorker(pid);
            return new TreeMap<>(client.getJobResult().get(MARK_TIMEOUT.toSeconds(), TimeUnit.SECONDS).getAllAccumulatorResults());
        }
    }

    private static void assertExactCounts(ResultDirectory results, long expected) throws IOException {
        Map<Long, Long> counts = new TreeMap<>();
        for (String line : results.outputLines("counts")) {
            String[] fields = line.split(",");
            assertThat(counts.put(Long.parseLong(fields[0]), Long.parseLong(fields[1]))).as("key %s once", fields[0]).isNull();
        }
        assertThat(counts).hasSize((int) KEYS).allSatisfy((k, v) -> assertThat(v).as("key %d", k).isEqualTo(expected));
    }

    /** The pid where lane {@code subtask} opened superstep {@code superstep} in attempt {@code attempt} (any later than 0 if -1). */
    private static Optional<Long> opened(List<String> names, int subtask, int attempt, int superstep) {
        return names.stream().map(OPEN::matcher).filter(Matcher::matches)
                .filter(m -> Integer.parseInt(m.group(1)) == subtask && Integer.parseInt(m.group(3)) == superstep)
                .filter(m -> attempt >= 0 ? Integer.parseInt(m.group(2)) == attempt : Integer.parseInt(m.group(2)) > 0)
                .map(m -> Long.parseLong(m.group(4))).findFirst();
    }

    /** The solution-set record of the workset's key. */
    static final class Current implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> current, Tuple2<Long, Long> work) {
            return current;
        }
    }

    /** {@code (k, n)} joined with {@code (k, increment)}: {@code (k, n + increment)}. */
    static final class AddIncrement implements JoinFunction<Tuple2<Long, Long>, Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<Long, Long> join(Tuple2<Long, Long> current, Tuple2<Long, Long> increment) {
            return Tuple2.of(current.f0, current.f1 + increment.f1);
        }
    }

    /**
     * {@code (k, n) -> (k, n + 1)}, plus (with {@code readsAggregate}) the previous superstep's count
     * of records (aggregator {@link #RECORDS}) divided by {@link #KEYS}; marks each superstep it opens
     * in (the loop reopens it every superstep); first attempts pause 2 ms per record (about 0.2 s per
     * superstep, unless said otherwise), so that the kill lands while the loop runs.
     */
    static final class MarkingStep extends RichMapFunction<Tuple2<Long, Long>, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private final boolean readsAggregate;
        /** The first attempt's pause per record. */
        private final int slowMillis;
        /** Task thread only. */
        private transient boolean slow;
        private transient long add;
        private transient LongSumAggregator records;

        MarkingStep(ResultDirectory results, boolean readsAggregate) {
            this(results, readsAggregate, 2);
        }

        MarkingStep(ResultDirectory results, boolean readsAggregate, int slowMillis) {
            this.results = results;
            this.readsAggregate = readsAggregate;
            this.slowMillis = slowMillis;
        }

        @Override
        public void open() {
            slow = getRuntimeContext().getAttemptNumber() == 0;
            add = 1;
            if (readsAggregate) {
                Long previous = getIterationRuntimeContext().getPreviousIterationAggregate(RECORDS);
                add += previous == null ? 0 : previous / KEYS;
                records = getIterationRuntimeContext().getIterationAggregator(RECORDS);
            }
            results.mark("step-" + getRuntimeContext().getIndexOfThisSubtask() + "-a" + getRuntimeContext().getAttemptNumber() + "-s"
                    + getIterationRuntimeContext().getSuperstepNumber() + "-p" + ProcessHandle.current().pid());
        }

        @Override
        public Tuple2<Long, Long> map(Tuple2<Long, Long> value) throws InterruptedException {
            if (slow) {
                // Slows the first attempt so that the test's kill lands while it runs (not a synchronisation).
                Thread.sleep(slowMillis);
            }
            if (records != null) {
                records.aggregate(1L);
            }
            return Tuple2.of(value.f0, value.f1 + add);
        }
    }
}
