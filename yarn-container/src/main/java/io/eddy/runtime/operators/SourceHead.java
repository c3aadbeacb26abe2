package io.eddy.runtime.operators;

/**
 * A head operator that produces its records itself: the task runs {@link #run()} on the task
 * thread as its default action instead of reading input gates (between records the operator runs
 * the task's pending mails through {@link MailboxAccess}), and calls {@link #cancel()} from
 * another thread to stop it. Implemented by {@link SourceOperator} (a {@code SourceFunction}) and
 * the batch source (an {@code InputFormat}).
 */
public interface SourceHead {

    /** Produces all records, or returns early after {@link #cancel()}. Task thread. */
    void run() throws Exception;

    /** Asks {@link #run()} to stop soon. Any thread; idempotent. */
    void cancel();
}
