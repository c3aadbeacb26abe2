package io.eddy.runtime.tasks;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The queue of mails of one task. Any thread may {@link #put} a mail; only the task thread takes
 * them. {@link #hasMail()} is a volatile read, so the task thread can look for mail between two
 * records without taking the lock; {@link #take()} blocks (on a condition, without spinning) until
 * a mail arrives.
 *
 * <p>Once {@link #close() closed}, puts are rejected: the task has ended and nothing would run them.
 */
public final class TaskMailbox {

    private final String taskName;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    // Guarded by lock.
    private final ArrayDeque<Mail> queue = new ArrayDeque<>();
    // Guarded by lock.
    private boolean closed;
    // Mirrors !queue.isEmpty(); written under lock, read without it by the task thread.
    private volatile boolean hasMail;

    TaskMailbox(String taskName) {
        this.taskName = taskName;
    }

    /**
     * Queues {@code mail}. Any thread.
     *
     * @throws RejectedExecutionException if the mailbox is closed (the task has ended)
     */
    void put(Mail mail) {
        if (!tryPut(mail)) {
            throw new RejectedExecutionException("Task '" + taskName + "' has ended: mail '" + mail.description() + "' will not run");
        }
    }

    /** Queues {@code mail} unless the mailbox is closed; returns whether it was queued. Any thread. */
    boolean tryPut(Mail mail) {
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            queue.addLast(mail);
            hasMail = true;
            notEmpty.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Whether mail is waiting. A volatile read; any thread. */
    public boolean hasMail() {
        return hasMail;
    }

    /** The next mail, or null if there is none. Task thread. */
    Mail tryTake() {
        if (!hasMail) {
            return null;
        }
        lock.lock();
        try {
            Mail mail = queue.pollFirst();
            hasMail = !queue.isEmpty();
            return mail;
        } finally {
            lock.unlock();
        }
    }

    /** The next mail, waiting for one. Task thread. */
    Mail take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (queue.isEmpty()) {
                notEmpty.await();
            }
            Mail mail = queue.pollFirst();
            hasMail = !queue.isEmpty();
            return mail;
        } finally {
            lock.unlock();
        }
    }

    /** Rejects further mail and returns the mails that were still queued. */
    List<Mail> close() {
        lock.lock();
        try {
            closed = true;
            List<Mail> pending = new ArrayList<>(queue);
            queue.clear();
            hasMail = false;
            return pending;
        } finally {
            lock.unlock();
        }
    }
}
