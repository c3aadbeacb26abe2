package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.RichMapFunction;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.cli.EddyCli;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.Master;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.rpc.ClusterProtocol;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.cluster.rpc.MasterRpcHandler;
import io.eddy.runtime.rpc.RpcServer;
import io.eddy.runtime.rpc.Secret;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Savepoints end to end on the embedded cluster: a job counting per key (keyed value state, parallelism
 * 2) behind a source with a checkpointed offset is stopped with a savepoint ({@code cancel
 * --with-savepoint}) half-way; a second job with parallelism 3 starts from the savepoint and
 * finishes the input. Every key's final count is exact: the counts moved to the new subtasks by key
 * group, and the source resumed at its saved offset. The second test does the same through the
 * command line ({@code eddy savepoint}, {@code eddy cancel --with-savepoint}) and the control
 * protocol, with the embedded cluster's master behind an RPC server.
 *
 * <p>The functions share static fields with the test: the embedded cluster runs them in this JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SavepointITCase {

    private static final long RECORDS = 10_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    /** Per key, the last count the sinks saw. */
    static final Map<Long, Long> FINAL_COUNTS = new ConcurrentHashMap<>();
    /** Per key, the count when its timer fired in the second job (a key twice fails the test). */
    static final Map<Long, Long> TIMER_FIRINGS = new ConcurrentHashMap<>();
    /** The records the second job's map subtasks passed in all, restored list state included. */
    static final AtomicLong SECOND_JOB_PASSED = new AtomicLong();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @BeforeEach
    void reset() {
        HalfWayOffsetSource.reset();
        FINAL_COUNTS.clear();
        TIMER_FIRINGS.clear();
        SECOND_JOB_PASSED.set(0);
    }

    @Test
    void aJobResumesFromASavepointWithAnotherParallelismAndExactCounts(@TempDir Path dir) throws Exception {
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        Path savepoints = dir.resolve("savepoints");
        JobGraph first = job(new Configuration(), checkpoints, 2, true);
        CLUSTER.submit(first);
        assertThat(HalfWayOffsetSource.HALF_WAY.await(60, TimeUnit.SECONDS)).as("the first job reached half of its input").isTrue();

        String savepoint = CLUSTER.cluster().master().triggerSavepoint(first.jobId(), savepoints.toUri().toString(), true)
                .get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        Path savepointDir = Path.of(URI.create(savepoint));
        assertThat(savepointDir.getParent()).isEqualTo(savepoints);
        assertThat(savepointDir.resolve("_metadata")).exists();
        assertThat(FINAL_COUNTS.values().stream().mapToLong(Long::longValue).sum()).as("half the records were counted").isEqualTo(RECORDS / 2);

        resumeAtParallelismThree(savepoint, checkpoints);
        try (var files = Files.list(savepoints)) {
            assertThat(files).as("the savepoint is kept after the restore").containsExactly(savepointDir);
        }
    }

    @Test
    void theCommandLineTakesSavepointsAndCancelsWithOneOverTheControlProtocol(@TempDir Path dir) throws Exception {
        String checkpoints = dir.resolve("checkpoints").toUri().toString();
        JobGraph first = job(new Configuration(), checkpoints, 2, true);
        CLUSTER.submit(first);
        assertThat(HalfWayOffsetSource.HALF_WAY.await(60, TimeUnit.SECONDS)).as("the first job reached half of its input").isTrue();
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.generate();
        secret.writeTo(secretFile);
        Master master = CLUSTER.cluster().master();
        try (MasterRpcHandler handler = new MasterRpcHandler(master, master);
                RpcServer server = RpcServer.start("127.0.0.1", 0, secret, ClusterProtocol.registry(), handler)) {
            String[] target = {"--master", HostPort.format(server.address()), "--secret-file", secretFile.toString()};

            Cli taken = cli("savepoint", target, first.jobId().toString(), dir.resolve("kept").toString());
            assertThat(taken.code()).as(taken.err()).isZero();
            assertThat(Path.of(URI.create(taken.out().trim())).resolve("_metadata")).exists();
            assertThat(master.jobTermination(first.jobId())).as("a plain savepoint leaves the job running").isNotDone();

            Cli cancelled = cli("cancel", target, "--with-savepoint", dir.resolve("final").toString(), first.jobId().toString());
            assertThat(cancelled.code()).as(cancelled.err()).isZero();
            assertThat(master.jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
            String savepoint = cancelled.out().replaceFirst("(?s)^Savepoint (\\S+) taken; cancellation of job .* requested\\s*$", "$1");
            assertThat(Path.of(URI.create(savepoint)).getParent()).isEqualTo(dir.resolve("final"));

            Cli ended = cli("savepoint", target, first.jobId().toString(), dir.resolve("late").toString());
            assertThat(ended.code()).isEqualTo(EddyCli.EXIT_FAILURE);
            assertThat(ended.err()).contains(first.jobId().toString());

            resumeAtParallelismThree(savepoint, checkpoints);
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
        JobGraph first = rescaleJob(new Configuration(), checkpoints, 3, true);
        CLUSTER.submit(first);
        assertThat(HalfWayOffsetSource.HALF_WAY.await(60, TimeUnit.SECONDS)).as("the first job reached half of its input").isTrue();
        String savepoint = CLUSTER.cluster().master().triggerSavepoint(first.jobId(), dir.resolve("savepoints").toUri().toString(), true)
                .get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(first.jobId()).get(30, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);

        JobGraph second = rescaleJob(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 1, false);
        CLUSTER.submit(second).getJobResult().get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(second.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(HalfWayOffsetSource.RESTORED_OFFSET.get()).isEqualTo(RECORDS / 2);
        assertThat(FINAL_COUNTS.values()).as("keyed state: every key counted once per record").hasSize((int) KEYS)
                .containsOnly(RECORDS / KEYS);
        assertThat(TIMER_FIRINGS).as("timers: the restored timer of every key fired once").hasSize((int) KEYS).containsOnlyKeys(FINAL_COUNTS.keySet());
        assertThat(TIMER_FIRINGS.values()).as("each timer fired after the last record of its key").containsOnly(RECORDS / KEYS);
        assertThat(SECOND_JOB_PASSED.get()).as("operator list state: the three old subtasks' counts plus the rest of the input")
                .isEqualTo(RECORDS);
    }

    private static JobGraph rescaleJob(Configuration settings, String checkpoints, int parallelism, boolean first) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(parallelism);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints);
        env.addSource(new HalfWayOffsetSource(RECORDS, first), "offsets", Types.LONG).uid("offsets")
                .map(new PassedCounter(first)).returns(Types.LONG).uid("passed")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new TimerCounter(first)).returns(PAIR).uid("counter")
                .addSink(new LastCountSink()).uid("sink");
        return env.getJobGraph("rescale test (p=" + parallelism + ")");
    }

    /** Runs the second job from {@code savepoint} with parallelism 3 and checks the counts are exact. */
    private static void resumeAtParallelismThree(String savepoint, String checkpoints) throws Exception {
        JobGraph second = job(new Configuration().set(CheckpointingOptions.RESTORE_PATH, savepoint), checkpoints, 3, false);
        CLUSTER.submit(second).getJobResult().get(60, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(second.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(HalfWayOffsetSource.RESTORED_OFFSET.get()).as("the source resumed from its saved offset").isEqualTo(RECORDS / 2);
        assertThat(FINAL_COUNTS).hasSize((int) KEYS);
        assertThat(FINAL_COUNTS.values()).as("every key counted once per record across both jobs").containsOnly(RECORDS / KEYS);
    }

    private record Cli(int code, String out, String err) {}

    private static Cli cli(String command, String[] target, String... args) {
        List<String> all = new ArrayList<>();
        all.add(command);
        all.addAll(List.of(target));
        all.addAll(List.of(args));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(all.toArray(new String[0]), new PrintWriter(out, true), new PrintWriter(err, true));
        return new Cli(code, out.toString(), err.toString());
    }

    private static JobGraph job(Configuration settings, String checkpoints, int parallelism, boolean pauseHalfWay) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(parallelism);
        env.enableCheckpointing(60_000);
        env.getCheckpointConfig().setCheckpointStorage(checkpoints);
        env.addSource(new HalfWayOffsetSource(RECORDS, pauseHalfWay), "offsets", Types.LONG).uid("offsets")
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(PAIR).uid("counter")
                .addSink(new LastCountSink()).uid("sink");
        return env.getJobGraph("savepoint test (p=" + parallelism + ")");
    }

    /** Keeps the last count of every key (the sink of a key runs in one subtask, in order). */
    static final class LastCountSink implements SinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            FINAL_COUNTS.put(value.f0, value.f1);
        }
    }

    /** Counts the records it passes in split operator list state; the second job's subtasks add their counts at close. */
    static final class PassedCounter extends RichMapFunction<Long, Long> implements CheckpointedFunction {
        private static final long serialVersionUID = 1L;
        private final boolean first;
        private transient ListState<Long> state;
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
                SECOND_JOB_PASSED.addAndGet(passed);
            }
        }
    }

    /** Counts per key; the first job registers an event-time timer per key, which fires at the end of the input. */
    static final class TimerCounter extends KeyedProcessFunction<Long, Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private static final long TIMER_TIME = 1_000_000L;
        private final boolean first;
        private transient ValueState<Long> count;

        TimerCounter(boolean first) {
            this.first = first;
        }

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Tuple2<Long, Long>> out) throws Exception {
            Long c = count.value();
            if (c == null && first) {
                ctx.timerService().registerEventTimeTimer(TIMER_TIME + ctx.getCurrentKey());
            }
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(Tuple2.of(ctx.getCurrentKey(), updated));
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<Tuple2<Long, Long>> out) throws Exception {
            if (!first && TIMER_FIRINGS.putIfAbsent(ctx.getCurrentKey(), count.value()) != null) {
                TIMER_FIRINGS.put(-1L - ctx.getCurrentKey(), -1L); // a second firing: the size check fails
            }
        }
    }
}
