package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.streaming.api.functions.source.RichSourceFunction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checkpoint recovery across processes: the checkpoint messages and the state handles travel over
 * the control protocol (trigger, acknowledgement with file and inline handles, notifications, and
 * deployments that carry the state to restore). A source with its offset in checkpointed state
 * feeds keyed counters on two worker processes; the first attempt of a counter throws after two
 * checkpoints completed; the job restarts from the latest checkpoint and the final counts are
 * exact. Results come back as accumulators (those of failed attempts are dropped).
 */
@Timeout(120)
class CheckpointRecoveryProcessITCase {

    private static final long RECORDS = 20_000;
    private static final long KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 2);

    @Test
    void aJobRestartsFromItsLatestCheckpointAcrossProcessesWithExactCounts(@TempDir Path dir) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        env.enableCheckpointing(100);
        env.getCheckpointConfig().setCheckpointStorage(dir.toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        env.addSource(new OffsetSource(), "offsets", Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CounterFailingInFirstAttempt()).returns(PAIR)
                .addSink(new LastCountSink());

        JobExecutionResult result = env.execute("checkpoint recovery across processes");

        assertThat(result.<Long>getAccumulatorResult(OffsetSource.RESTORED_OFFSET)).as("offset the restarted source resumed from")
                .isGreaterThanOrEqualTo(RECORDS / 2);
        assertThat(result.<Long>getAccumulatorResult(LastCountSink.KEY_COUNT)).isEqualTo(KEYS);
        assertThat(result.<Long>getAccumulatorResult(LastCountSink.FINAL_COUNTS)).as("sum of the final counts of all keys").isEqualTo(RECORDS);
        assertThat(result.<Long>getAccumulatorResult(LastCountSink.WRONG_COUNTS)).as("keys whose final count is not exact").isZero();
    }

    /** Emits 0..RECORDS-1 with its offset as checkpointed state; the first attempt pauses half-way until two checkpoints completed. */
    static final class OffsetSource extends RichSourceFunction<Long> implements Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        static final String RESTORED_OFFSET = "restored offset";
        private long next;
        private long restoredFrom = -1;
        private volatile boolean running = true;
        private transient CountDownLatch checkpoints;

        @Override
        public void open() {
            checkpoints = new CountDownLatch(2);
        }

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
            getRuntimeContext().getLongCounter(RESTORED_OFFSET).add(restoredFrom);
            boolean pause = getRuntimeContext().getAttemptNumber() == 0;
            while (running && next < RECORDS) {
                if (pause && next == RECORDS / 2 && !checkpoints.await(60, TimeUnit.SECONDS)) {
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
            restoredFrom = state;
        }

        @Override
        public TypeInfo<Long> stateType() {
            return Types.LONG;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpoints.countDown();
        }
    }

    /** Counts per key in value state; its first attempt throws on a record past the source's pause. */
    static final class CounterFailingInFirstAttempt extends KeyedProcessFunction<Long, Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private transient ValueState<Long> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Tuple2<Long, Long>> out) throws Exception {
            if (value >= RECORDS / 2 + 100 && getRuntimeContext().getAttemptNumber() == 0) {
                throw new IllegalStateException("planned failure at record " + value);
            }
            Long c = count.value();
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(Tuple2.of(ctx.getCurrentKey(), updated));
        }
    }

    /** Keeps the last count per key; on close reports the keys, the sum of the final counts and the keys whose count is off. */
    static final class LastCountSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String KEY_COUNT = "keys";
        static final String FINAL_COUNTS = "final counts";
        static final String WRONG_COUNTS = "wrong counts";
        private transient Map<Long, Long> last;

        @Override
        public void open() {
            last = new HashMap<>();
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            last.put(value.f0, value.f1);
        }

        @Override
        public void close() {
            getRuntimeContext().getLongCounter(KEY_COUNT).add((long) last.size());
            getRuntimeContext().getLongCounter(FINAL_COUNTS).add(last.values().stream().mapToLong(Long::longValue).sum());
            getRuntimeContext().getLongCounter(WRONG_COUNTS).add(last.values().stream().filter(c -> c != RECORDS / KEYS).count());
        }
    }
}
