package io.eddy.streaming.it;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;

/**
 * A checkpointed parallel source that runs {@code inner} (its lifecycle and state delegated) and
 * lets a test act before each element is emitted: {@link #beforeEmit} is called on the source
 * thread holding the checkpoint lock, before the inner source advances its offset, so waiting
 * there on the lock ({@code wait()} releases it) keeps snapshots consistent and lets checkpoint
 * mails run. Tests use it to throttle a source or hold it at a point.
 */
public abstract class InterceptingSource<T, S extends RichParallelSourceFunction<T> & CheckpointedFunction>
        extends RichParallelSourceFunction<T> implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final S inner;

    protected InterceptingSource(S inner) {
        this.inner = inner;
    }

    /** Source thread, once, before the inner source runs: {@code lock} is the checkpoint lock. */
    protected void starting(Object lock) {}

    /** Source thread, holding {@code lock} (the checkpoint lock), before {@code element} is emitted. */
    protected abstract void beforeEmit(T element, Object lock);

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
    public final void run(SourceContext<T> ctx) throws Exception {
        Object lock = ctx.getCheckpointLock();
        starting(lock);
        inner.run(new SourceContext<>() {
            @Override
            public void collect(T element) {
                beforeEmit(element, lock);
                ctx.collect(element);
            }

            @Override
            public void collectWithTimestamp(T element, long timestamp) {
                ctx.collectWithTimestamp(element, timestamp);
            }

            @Override
            public Object getCheckpointLock() {
                return lock;
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

    @Override
    public void cancel() {
        inner.cancel();
    }
}
