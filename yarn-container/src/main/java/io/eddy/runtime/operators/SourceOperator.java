package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.source.SourceFunction;

/**
 * {@code SOURCE}: runs a {@link SourceFunction} on the task thread. Between two emitted records
 * the source context runs the task's pending mails (one volatile read per record when there are
 * none) and then emits without a lock: mails are the task's only other actions and run on this
 * thread. The checkpoint lock is only handed to the user function.
 *
 * <p>{@link #cancel()} is the one method called from another thread: it asks the function to
 * stop; the task also interrupts its thread so that a blocked source wakes up.
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

    /** Runs the source function until it returns (bounded input) or is cancelled. Task thread. */
    @Override
    public void run() throws Exception {
        function.run(new Context<>(output, context.environment().mailbox(), context.environment().checkpointLock()));
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

    /** The source context: task thread only. */
    private static final class Context<T> implements SourceFunction.SourceContext<T> {
        private final Output<T> output;
        private final MailboxAccess mailbox;
        private final Object lock;
        private final StreamRecord<T> reuse = new StreamRecord<>(null);

        Context(Output<T> output, MailboxAccess mailbox, Object lock) {
            this.output = output;
            this.mailbox = mailbox;
            this.lock = lock;
        }

        @Override
        public void collect(T element) {
            if (mailbox.hasMail()) {
                mailbox.runPendingMails();
            }
            // No lock around the emit: mails (the only other actions) run on this thread, between records.
            reuse.eraseTimestamp();
            output.collect(reuse.replace(element));
        }

        @Override
        public void collectWithTimestamp(T element, long timestamp) {
            if (mailbox.hasMail()) {
                mailbox.runPendingMails();
            }
            output.collect(reuse.replace(element, timestamp));
        }

        @Override
        public Object getCheckpointLock() {
            return lock;
        }
    }
}
