package io.eddy.runtime.operators;

import io.eddy.runtime.operators.streaming.SourceOperator;

/**
 * A head operator that produces its records itself instead of reading input gates. The task runs
 * {@link #run()} of a streaming {@link SourceOperator} on a separate source thread (emitting under
 * the checkpoint lock, see {@code Task}); a batch source runs on the task thread as its default
 * action and runs the task's pending mails between records through {@link MailboxAccess}. The task
 * calls {@link #cancel()} from another thread to stop it. Implemented by {@link SourceOperator} (a {@code SourceFunction}) and
 * the batch source (an {@code InputFormat}).
 */
public interface SourceHead {

    /** Produces all records, or returns early after {@link #cancel()}. Task thread. */
    void run() throws Exception;

    /** Asks {@link #run()} to stop soon. Any thread; idempotent. */
    void cancel();
}
