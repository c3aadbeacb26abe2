package io.eddy.runtime.operators;

import java.util.ArrayDeque;

/** A {@link MailboxAccess} for tests: mails queued with {@link #add} run on the test thread when a source asks for them. */
public final class QueueMailbox implements MailboxAccess {

    private final ArrayDeque<ThrowingRunnable> mails = new ArrayDeque<>();
    private int mailsRun;

    public void add(ThrowingRunnable mail) {
        mails.add(mail);
    }

    @Override
    public boolean hasMail() {
        return !mails.isEmpty();
    }

    @Override
    public void runPendingMails() {
        ThrowingRunnable mail;
        while ((mail = mails.poll()) != null) {
            mailsRun++;
            try {
                mail.run();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("test mail failed: " + e, e);
            }
        }
    }

    public int mailsRun() {
        return mailsRun;
    }
}
