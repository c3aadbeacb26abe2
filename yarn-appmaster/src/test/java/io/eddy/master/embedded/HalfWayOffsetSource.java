package io.eddy.master.embedded;

import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The savepoint tests' source: emits {@code 0..records-1} with its offset as checkpointed state. The
 * first job's source ({@code pauseHalfWay}) stops at half its input, counts down {@link #HALF_WAY}
 * and waits to be cancelled (the test takes a savepoint meanwhile); the second job's, restored from
 * that savepoint, records the offset it resumed from in {@link #RESTORED_OFFSET}. The fields are
 * static: the embedded cluster runs the source in the test's JVM; call {@link #reset()} before each
 * test.
 */
public final class HalfWayOffsetSource implements SourceFunction<Long>, Checkpointed<Long> {

    private static final long serialVersionUID = 1L;

    /** Counted down when the pausing source reached half its input. */
    public static volatile CountDownLatch HALF_WAY = new CountDownLatch(1);
    /** Counted down when the pausing source was cancelled. */
    static volatile CountDownLatch SOURCE_CANCELLED = new CountDownLatch(1);
    /** The offset a source restored (-1: none). */
    public static final AtomicLong RESTORED_OFFSET = new AtomicLong(-1);

    private final long records;
    private final boolean pauseHalfWay;
    private long next;
    private volatile boolean running = true;

    public HalfWayOffsetSource(long records, boolean pauseHalfWay) {
        this.records = records;
        this.pauseHalfWay = pauseHalfWay;
    }

    /** New latches and no restored offset. */
    public static void reset() {
        HALF_WAY = new CountDownLatch(1);
        SOURCE_CANCELLED = new CountDownLatch(1);
        RESTORED_OFFSET.set(-1);
    }

    @Override
    public void run(SourceContext<Long> ctx) throws Exception {
        while (running && next < records) {
            if (pauseHalfWay && next == records / 2) {
                HALF_WAY.countDown();
                if (!SOURCE_CANCELLED.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the first job was not cancelled within 60 s of reaching half its input");
                }
                return;
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
        if (pauseHalfWay) {
            SOURCE_CANCELLED.countDown();
        }
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
}
