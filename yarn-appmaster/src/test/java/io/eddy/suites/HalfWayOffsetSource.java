package io.eddy.suites;

import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The savepoint tests' source: emits {@code 0..records-1} with its offset as checkpointed state. The
 * first job's source ({@code pauseHalfWay}) stops at half its input, leaves the mark {@value
 * #HALF_WAY} and waits to be cancelled (the test takes a savepoint meanwhile); a restored source
 * marks the offset it resumed from ({@code restored-<offset>}, see {@link #restoredOffset}).
 */
public final class HalfWayOffsetSource implements SourceFunction<Long>, Checkpointed<Long> {

    private static final long serialVersionUID = 1L;

    /** The mark of the pausing source that reached half its input. */
    public static final String HALF_WAY = "half-way";
    private static final String RESTORED = "restored-";

    private final long records;
    private final boolean pauseHalfWay;
    private final ResultDirectory results;
    /** Source thread; the task thread while it holds the checkpoint lock. */
    private long next;
    private volatile boolean running = true;
    /** Counted down by {@link #cancel}, which the task calls on this (deserialized) instance; created on first use. Guarded by this. */
    private transient CountDownLatch cancelled;

    public HalfWayOffsetSource(long records, boolean pauseHalfWay, ResultDirectory results) {
        this.records = records;
        this.pauseHalfWay = pauseHalfWay;
        this.results = results;
    }

    /** The offset a source of the job restored, from its mark; empty if none restored. */
    public static Optional<Long> restoredOffset(ResultDirectory results) throws java.io.IOException {
        return results.marks().stream().filter(m -> m.startsWith(RESTORED)).map(m -> Long.parseLong(m.substring(RESTORED.length()))).findFirst();
    }

    @Override
    public void run(SourceContext<Long> ctx) throws Exception {
        while (running && next < records) {
            if (pauseHalfWay && next == records / 2) {
                results.mark(HALF_WAY);
                if (!cancelledLatch().await(60, TimeUnit.SECONDS)) {
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
        cancelledLatch().countDown();
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

    private synchronized CountDownLatch cancelledLatch() {
        if (cancelled == null) {
            cancelled = new CountDownLatch(1);
        }
        return cancelled;
    }
}
