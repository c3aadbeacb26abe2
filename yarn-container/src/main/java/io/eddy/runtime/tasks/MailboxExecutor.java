package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.ThrowingRunnable;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs actions on a task's thread, between records: the way any other thread (timers, control
 * messages, later checkpoints) touches a task's operators, so that operators need no locks.
 */
public final class MailboxExecutor {

    private final TaskMailbox mailbox;

    MailboxExecutor(TaskMailbox mailbox) {
        this.mailbox = mailbox;
    }

    /**
     * Queues {@code action} to run on the task thread. Any thread. An exception the action throws
     * fails the task.
     *
     * @param description names the action in errors, e.g. "flush collect batch"
     * @throws RejectedExecutionException if the task has ended
     */
    public void execute(ThrowingRunnable action, String description) {
        mailbox.put(new Mail(action, description));
    }

    /** Like {@link #execute} but returns false instead of throwing when the task has ended. */
    public boolean tryExecute(ThrowingRunnable action, String description) {
        return mailbox.tryPut(new Mail(action, description));
    }
}
