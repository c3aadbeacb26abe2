package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once recovery end to end on the embedded cluster: a source that keeps its offset in
 * checkpointed state, keyed counting in value state, a checkpoint every 100 ms, and a counter that
 * throws once after two checkpoints completed. The job restarts all its tasks from the latest
 * completed checkpoint, and the final count of every key is exact: neither lost (the counts were
 * restored) nor doubled (the source was rewound to the checkpointed offset, not to the start).
 *
 * <p>The functions share static fields with the test: the embedded cluster runs them in this JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CheckpointRecoveryITCase {

    private static final long RECORDS = 20_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    /** Released by the source's completion notifications: the source pauses half-way until two checkpoints completed. */
    static volatile CountDownLatch twoCheckpoints;
    static final AtomicBoolean FAILED_ONCE = new AtomicBoolean();
    /** The offset the source restored after the failure (-1: none). */
    static final AtomicLong RESTORED_OFFSET = new AtomicLong(-1);
    /** Per key, the last count the sinks saw. */
    static final Map<Long, Long> FINAL_COUNTS = new ConcurrentHashMap<>();

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    @BeforeEach
    void reset() {
        twoCheckpoints = new CountDownLatch(2);
        FAILED_ONCE.set(false);
        RESTORED_OFFSET.set(-1);
        FINAL_COUNTS.clear();
    }

    @Test
    void aJobRestartsFromItsLatestCheckpointOnTheFileSystemWithExactCounts(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = environment();
        env.getCheckpointConfig().setCheckpointStorage(dir.toUri().toString());
        runAndCheck(env.getJobGraph("checkpoint recovery (file system)"));
        Path jobDir;
        try (Stream<Path> jobs = Files.list(dir)) {
            jobDir = jobs.findFirst().orElseThrow();
        }
        try (Stream<Path> checkpoints = Files.list(jobDir)) {
            assertThat(checkpoints.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("chk-")))
                    .as("the retained checkpoint stays after the job ended").isNotEmpty();
        }
    }

    @Test
    void aJobRestartsFromItsLatestCheckpointInMemoryWithExactCounts() throws Exception {
        StreamExecutionEnvironment env = environment();
        env.getCheckpointConfig().setMemoryCheckpointStorage();
        runAndCheck(env.getJobGraph("checkpoint recovery (memory)"));
    }

    private static StreamExecutionEnvironment environment() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setParallelism(2);
        env.enableCheckpointing(100);
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        env.addSource(new OffsetSource(), "offsets", Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new FailingCounter()).returns(PAIR)
                .addSink(new LastCountSink());
        return env;
    }

    private static void runAndCheck(JobGraph graph) throws Exception {
        JobClient client = CLUSTER.submit(graph);
        client.getJobResult().get(100, TimeUnit.SECONDS);
        assertThat(CLUSTER.cluster().master().jobTermination(graph.jobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.FINISHED);
        assertThat(FAILED_ONCE).as("the planned failure happened").isTrue();
        assertThat(RESTORED_OFFSET.get()).as("the source resumed from its checkpointed offset").isGreaterThanOrEqualTo(RECORDS / 2);
        assertThat(FINAL_COUNTS).hasSize((int) KEYS);
        assertThat(FINAL_COUNTS.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
    }

    /** Emits 0..RECORDS-1; its offset is its checkpointed state. Pauses half-way until two checkpoints completed. */
    static final class OffsetSource implements SourceFunction<Long>, Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private long next;
        private volatile boolean running = true;

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
            while (running && next < RECORDS) {
                if (next == RECORDS / 2 && !twoCheckpoints.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("no two checkpoints completed within 60 s");
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
            twoCheckpoints.countDown();
        }
    }

    /** Counts per key in value state; throws once, on a record past the source's pause. */
    static final class FailingCounter extends KeyedProcessFunction<Long, Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Tuple2<Long, Long>> out) throws Exception {
            if (value >= RECORDS / 2 + 100 && FAILED_ONCE.compareAndSet(false, true)) {
                throw new IllegalStateException("planned failure at record " + value);
            }
            Long c = count.value();
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(Tuple2.of(ctx.getCurrentKey(), updated));
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
}
