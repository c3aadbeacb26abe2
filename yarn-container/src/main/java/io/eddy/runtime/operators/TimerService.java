package io.eddy.runtime.operators;

/**
 * Processing-time timers for operators. Callbacks run on the task thread, between records (as
 * mails of the task's mailbox), so they need no locks.
 */
public interface TimerService {

    /** The current processing time, in milliseconds since the epoch. */
    long currentTimeMillis();

    /** Runs {@code callback} on the task thread about {@code delayMillis} from now. */
    Timer schedule(long delayMillis, ThrowingRunnable callback);

    /** A scheduled callback. */
    interface Timer {

        /** Prevents the callback from running if it has not started yet. */
        void cancel();
    }
}
