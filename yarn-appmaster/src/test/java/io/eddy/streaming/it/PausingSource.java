package io.eddy.streaming.it;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.functions.RuntimeContext;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A checkpointed parallel source whose first attempt, after {@code pauseAfter} elements of a
 * subtask, waits until two checkpoints completed and then sets {@link #PAUSE_PASSED}; everything
 * else is delegated. A test's failing operator waits for that flag, so the failure comes after
 * checkpoints completed however fast the job runs. The wait happens inside the checkpoint lock's
 * monitor before the element is emitted ({@code wait()} releases it), so snapshots stay consistent.
 * The flag is static: the embedded cluster runs the source in the test's JVM. Used by
 * ExactlyOnceFileSinkITCase and HdfsCheckpointITCase.
 */
public final class PausingSource<T, S extends RichParallelSourceFunction<T> & CheckpointedFunction> extends RichParallelSourceFunction<T>
        implements CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;

    /** Set once a subtask of the first attempt saw two checkpoints complete after its pause point; reset by the test. */
    public static final AtomicBoolean PAUSE_PASSED = new AtomicBoolean();

    private final S inner;
    private final long pauseAfter;
    /** The running source's checkpoint lock (set by the source thread, read by the task thread); completed counts notifications, guarded by it. */
    private transient volatile Object lock;
    private transient int completed;
    /** Source thread only. */
    private transient long emitted;

    public PausingSource(S inner, long pauseAfter) {
        this.inner = inner;
        this.pauseAfter = pauseAfter;
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        super.setRuntimeContext(context);
        inner.setRuntimeContext(context);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        inner.initializeState(context);
    }

    @Override
    public void open() throws Exception {
        inner.open();
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        inner.snapshotState(context);
    }

    @Override
    public void run(SourceContext<T> ctx) throws Exception {
        Object checkpointLock = ctx.getCheckpointLock();
        synchronized (checkpointLock) {
            lock = checkpointLock;
        }
        boolean pause = getRuntimeContext().getAttemptNumber() == 0;
        inner.run(new SourceContext<>() {
            @Override
            public void collect(T element) {
                if (pause && emitted++ == pauseAfter) {
                    awaitTwoCheckpoints(checkpointLock);
                }
                ctx.collect(element);
            }

            @Override
            public void collectWithTimestamp(T element, long timestamp) {
                ctx.collectWithTimestamp(element, timestamp);
            }

            @Override
            public Object getCheckpointLock() {
                return checkpointLock;
            }

            @Override
            public void emitWatermark(Watermark watermark) {
                ctx.emitWatermark(watermark);
            }

            @Override
            public void markAsTemporarilyIdle() {
                ctx.markAsTemporarilyIdle();
            }
        });
    }

    /** Called holding the lock (inside the inner source's emit block); wait() lets checkpoints and notifications in. */
    private void awaitTwoCheckpoints(Object checkpointLock) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try {
            while (completed < 2) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IllegalStateException("no two checkpoints completed within 60 s");
                }
                TimeUnit.NANOSECONDS.timedWait(checkpointLock, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for checkpoints", e);
        }
        PAUSE_PASSED.set(true);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        Object l = lock;
        if (l != null) {
            synchronized (l) {
                completed++;
                l.notifyAll();
            }
        }
    }

    @Override
    public void cancel() {
        inner.cancel();
    }
}
