package io.eddy.runtime.operators.streaming;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.operators.SourceHead;
import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.streaming.api.functions.source.SourceFunction;

/**
 * {@code SOURCE}: runs a {@link SourceFunction}. The task runs {@link #run()} on a separate
 * <em>source thread</em> while the task thread runs the mailbox; every mail of the task (checkpoint
 * trigger, notifications, timers) runs holding the checkpoint lock ({@link
 * TaskEnvironment#checkpointLock()}), and the source context takes the same lock (re-entrant)
 * around each emission. A source that updates its state (offsets) and emits under the lock is thus
 * never seen half-way by a snapshot. Per record this costs one uncontended monitor enter/exit
 * (nested inside the user's own {@code synchronized} block, a recursive one).
 *
 * <p>Threads: {@link #run()} and the source context on the source thread; {@link #cancel()} from
 * any thread (the task also interrupts the source thread, so that a blocked source wakes up); the
 * other operator methods on the task thread.
 */
public final class SourceOperator<OUT> extends AbstractStreamOperator<OUT> implements SourceHead {

    private final SourceFunction<OUT> function;
    // Written by the cancelling thread, read by the task thread.
    private volatile boolean cancelled;

    @SuppressWarnings("unchecked")
    public SourceOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, SourceFunction.class));
    }

    private SourceOperator(SourceFunction<OUT> function) {
        super(function);
        this.function = function;
    }

    /** Runs the source function until it returns (bounded input) or is cancelled. Source thread. */
    @Override
    public void run() throws Exception {
        function.run(new Context<>(output, context.environment().checkpointLock()));
    }

    /**
     * The source returned: emits the final watermark, so event-time timers and windows downstream
     * fire for all of its records. Task thread, after the source thread ended; not called after a
     * cancellation.
     */
    @Override
    public void finish() throws Exception {
        output.emitWatermark(Watermark.MAX_WATERMARK);
        super.finish();
    }

    /** Asks the source function to stop. Any thread; idempotent. */
    @Override
    public void cancel() {
        if (!cancelled) {
            cancelled = true;
            function.cancel();
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    @Override
    public int numberOfInputs() {
        return 0;
    }

    @Override
    public Input<?> input(int index) {
        throw new IllegalArgumentException("input: " + index + " (a source has no inputs: operator '" + context.nameWithSubtask() + "')");
    }

    /** The source context: source thread only; every emission holds {@code lock} (the emitter is guarded by it). */
    private static final class Context<T> implements SourceFunction.SourceContext<T> {
        private final SourceEmitter<T> emitter;
        private final Object lock;

        Context(Output<T> output, Object lock) {
            this.emitter = new SourceEmitter<>(output);
            this.lock = lock;
        }

        @Override
        public void collect(T element) {
            synchronized (lock) {
                emitter.collect(element);
            }
        }

        @Override
        public void collectWithTimestamp(T element, long timestamp) {
            synchronized (lock) {
                emitter.collect(element, timestamp);
            }
        }

        @Override
        public void emitWatermark(io.eddy.api.common.eventtime.Watermark watermark) {
            synchronized (lock) {
                emitter.emitWatermark(watermark);
            }
        }

        @Override
        public void markAsTemporarilyIdle() {
            synchronized (lock) {
                emitter.markIdle();
            }
        }

        @Override
        public Object getCheckpointLock() {
            return lock;
        }
    }
}
