package io.eddy.streaming.it;

import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.util.concurrent.TimeUnit;

/**
 * A checkpointed parallel source whose first attempt, after {@code pauseAfter} elements of a
 * subtask, waits until two checkpoints completed and then leaves the mark {@value #PAUSE_PASSED} in
 * its {@link ResultDirectory}; everything else is delegated. A test's failing operator ({@link
 * FailAfterPause}) waits for that mark, so the failure comes after checkpoints completed however
 * fast the job runs. The wait happens inside the checkpoint lock's monitor before the element is
 * emitted ({@code wait()} releases it), so snapshots stay consistent. Used by
 * ExactlyOnceFileSinkITCase and HdfsCheckpointITCase.
 */
public final class PausingSource<T, S extends RichParallelSourceFunction<T> & CheckpointedFunction> extends InterceptingSource<T, S>
        implements CheckpointListener {

    private static final long serialVersionUID = 1L;

    /** The mark of a subtask of the first attempt that saw two checkpoints complete after its pause point. */
    public static final String PAUSE_PASSED = "pause-passed";

    private final long pauseAfter;
    private final ResultDirectory results;
    /** The running source's checkpoint lock (set by the source thread, read by the task thread); completed counts notifications, guarded by it. */
    private transient volatile Object lock;
    private transient int completed;
    /** Source thread only. */
    private transient long emitted;
    /** Source thread only: whether this is the first attempt, the one that pauses. */
    private transient boolean pause;

    public PausingSource(S inner, long pauseAfter, ResultDirectory results) {
        super(inner);
        this.pauseAfter = pauseAfter;
        this.results = results;
    }

    @Override
    protected void starting(Object checkpointLock) {
        synchronized (checkpointLock) {
            lock = checkpointLock;
        }
        pause = getRuntimeContext().getAttemptNumber() == 0;
    }

    @Override
    protected void beforeEmit(T element, Object checkpointLock) {
        if (pause && emitted++ == pauseAfter) {
            awaitTwoCheckpoints(checkpointLock);
        }
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
        results.mark(PAUSE_PASSED);
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
}
