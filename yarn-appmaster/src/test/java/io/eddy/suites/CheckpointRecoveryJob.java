package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.source.RichSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The checkpoint-recovery job of {@link ExactlyOnceSuite}: {@code 0..RECORDS-1} from a source with
 * its offset in checkpointed state, counted per key ({@code n % KEYS}) in value state, each count
 * recorded as {@code key,count} by a recording sink. The first attempt of the source pauses
 * half-way until two checkpoints completed; a counter throws once (the mark {@value #FAILED})
 * on a record past the pause; the restarted source marks the offset it resumed from
 * ({@code restored-<offset>}).
 */
final class CheckpointRecoveryJob {

    static final long RECORDS = 20_000;
    static final long KEYS = 10;
    static final String FAILED = "failed";
    static final String COUNTS = "counts";
    private static final String RESTORED = "restored-";

    private CheckpointRecoveryJob() {}

    /** The job in an environment of {@code settings}: parallelism 2, a checkpoint every 100 ms, one restart; set the storage. */
    static StreamExecutionEnvironment build(Configuration settings, ResultDirectory results) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(settings);
        env.setParallelism(2);
        env.enableCheckpointing(100);
        env.setRestartStrategy(RestartStrategy.fixedDelay(1, Duration.ofMillis(50)));
        env.addSource(new OffsetSource(results), "offsets", Types.LONG)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CounterFailingOnce(results)).returns(Types.STRING)
                .addSink(results.recordingSink(COUNTS));
        return env;
    }

    /**
     * The planned failure happened once, the restarted source resumed from its checkpointed offset
     * (past the pause), and every key's last count (the one its sink wrote last, in the newest
     * attempt) is exact.
     */
    static void assertExactRecovery(ResultDirectory results) throws IOException {
        List<String> marks = results.marks();
        assertThat(marks).as("the planned failure happened").contains(FAILED);
        assertThat(marks.stream().filter(m -> m.startsWith(RESTORED)).map(m -> Long.parseLong(m.substring(RESTORED.length()))))
                .as("offsets the restarted source lanes resumed from (checkpointed, not the start)").isNotEmpty()
                .allMatch(offset -> offset >= RECORDS / 2);
        Map<Long, Long> finalCounts = new TreeMap<>();
        for (ResultDirectory.Recorded r : results.records(COUNTS)) {
            String[] f = r.line().split(",");
            finalCounts.put(Long.parseLong(f[0]), Long.parseLong(f[1]));
        }
        assertThat(finalCounts).hasSize((int) KEYS);
        assertThat(finalCounts.values()).as("every key counted exactly once per record").containsOnly(RECORDS / KEYS);
    }

    /** Emits 0..RECORDS-1 with its offset as checkpointed state; the first attempt pauses half-way until two checkpoints completed. */
    static final class OffsetSource extends RichSourceFunction<Long> implements Checkpointed<Long>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        /** Source thread, and the task thread while no source thread runs (snapshots hold the checkpoint lock). */
        private long next;
        private volatile boolean running = true;
        private transient CountDownLatch checkpoints;

        OffsetSource(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            checkpoints = new CountDownLatch(2);
        }

        @Override
        public void run(SourceContext<Long> ctx) throws Exception {
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
            results.mark(RESTORED + state);
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

    /** Counts per key in value state and emits {@code key,count}; throws once (of all subtasks and attempts), on a record past the source's pause. */
    static final class CounterFailingOnce extends KeyedProcessFunction<Long, Long, String> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        private transient ValueState<Long> count;
        /** Task thread only: this instance tried for the failure mark already (one file creation per instance, not per record). */
        private transient boolean triedToFail;

        CounterFailingOnce(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) throws Exception {
            if (!triedToFail && value >= RECORDS / 2 + 100) {
                triedToFail = true;
                if (results.mark(FAILED)) {
                    throw new IllegalStateException("planned failure at record " + value);
                }
            }
            Long c = count.value();
            long updated = (c == null ? 0 : c) + 1;
            count.update(updated);
            out.collect(ctx.getCurrentKey() + "," + updated);
        }
    }
}
