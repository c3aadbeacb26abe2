package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.MailboxAccess;
import java.util.concurrent.CompletableFuture;

/**
 * The loop of a task thread: it alternates between the mails of the {@link TaskMailbox} and a
 * <em>default action</em> (processing input, or running a source). When the default action has
 * nothing to do it suspends the loop until a future completes; the loop then blocks in {@link
 * TaskMailbox#take()} and the future's completion queues a mail that resumes it, so a waiting task
 * neither spins nor polls.
 *
 * <pre>
 *   loop:  run pending mails --> done? --yes--> return
 *              |                   no
 *              |            suspended? --yes--> block for the next mail (input available / any mail)
 *              |                   no
 *              +<---------- default action (may suspend, or complete the loop)
 * </pre>
 *
 * <p>Thread ownership: everything except {@link #executor()} and {@link #stop()} is task thread only.
 */
public final class MailboxProcessor implements MailboxAccess {

    /** What the loop does when no mail is waiting. */
    @FunctionalInterface
    public interface DefaultAction {
        void run(Controller controller) throws Exception;
    }

    /** How the default action steers the loop. Task thread only. */
    public interface Controller {

        /** Stops calling the default action until {@code available} completes (at once if it is done). */
        void suspendUntil(CompletableFuture<?> available);

        /** The default action has no more work: the loop returns after the pending mails. */
        void allActionsCompleted();
    }

    private final TaskMailbox mailbox;
    private final MailboxExecutor executor;
    private final Mail resumeMail = new Mail(() -> this.suspended = false, "resume input processing");
    private final Controller controller = new Controller() {
        @Override
        public void suspendUntil(CompletableFuture<?> available) {
            if (!available.isDone()) {
                suspended = true;
                available.whenComplete((ignoredValue, ignoredFailure) -> mailbox.tryPut(resumeMail));
            }
        }

        @Override
        public void allActionsCompleted() {
            done = true;
        }
    };

    private boolean suspended;
    private boolean done;
    /** Held while each mail runs (a source task's checkpoint lock), or null. Task thread. */
    private Object mailLock;
    // Set by stop() from any thread; read once per loop iteration.
    private volatile boolean stopped;
    private long defaultActionRuns;
    private long blockingWaits;

    public MailboxProcessor(TaskMailbox mailbox) {
        this.mailbox = mailbox;
        this.executor = new MailboxExecutor(mailbox);
    }

    /** The executor through which other threads queue mails. */
    public MailboxExecutor executor() {
        return executor;
    }

    /**
     * Runs the loop until the default action completes it or {@link #stop()} is called. A task may
     * run the loop more than once with different default actions (first its broadcast inputs, then
     * its other inputs); each run starts not completed and not suspended.
     *
     * @return true if the default action completed the loop, false if it was stopped
     * @throws InterruptedException if the task thread is interrupted while it waits for mail
     * @throws Exception what the default action or a mail throws
     */
    public boolean runMailboxLoop(DefaultAction defaultAction) throws Exception {
        done = false;
        suspended = false;
        while (true) {
            runPendingMails();
            if (stopped) {
                return false;
            }
            if (done) {
                return true;
            }
            if (suspended) {
                blockingWaits++;
                runMail(mailbox.take());
            } else {
                defaultActionRuns++;
                defaultAction.run(controller);
            }
        }
    }

    /** Makes the loop return at its next iteration. Any thread; the caller also interrupts a blocked thread or queues a mail. */
    public void stop() {
        stopped = true;
        mailbox.tryPut(new Mail(() -> { }, "stop the mailbox loop"));
    }

    @Override
    public boolean hasMail() {
        return mailbox.hasMail();
    }

    @Override
    public void runPendingMails() {
        Mail mail;
        while ((mail = mailbox.tryTake()) != null) {
            runMail(mail);
        }
    }

    /**
     * From now on every mail runs while holding {@code lock}: a source task's checkpoint lock, so
     * that mails (checkpoints, timers) never run while the source thread emits under it. Task
     * thread, before {@link #runMailboxLoop}.
     */
    public void setMailLock(Object lock) {
        this.mailLock = lock;
    }

    private void runMail(Mail mail) {
        Object lock = mailLock;
        if (lock == null) {
            mail.run();
        } else {
            synchronized (lock) {
                mail.run();
            }
        }
    }

    /** How often the loop ran its default action (for tests that check the loop does not spin). */
    long defaultActionRuns() {
        return defaultActionRuns;
    }

    /** How often the loop blocked waiting for mail. */
    long blockingWaits() {
        return blockingWaits;
    }
}
