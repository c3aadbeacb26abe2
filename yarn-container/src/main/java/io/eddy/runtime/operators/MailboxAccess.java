package io.eddy.runtime.operators;

/**
 * Lets a source, whose {@code run} occupies the task thread, run the task's pending mails (timers,
 * control actions) between two records. Task thread only.
 */
public interface MailboxAccess {

    /** Whether mails are waiting; a cheap volatile read, fine to call per record. */
    boolean hasMail();

    /**
     * Runs the mails that are waiting now, without blocking. A mail that throws stops the loop;
     * its exception is rethrown unchanged if unchecked, otherwise wrapped in a {@link RuntimeException}
     * whose message names the mail.
     */
    void runPendingMails();
}
