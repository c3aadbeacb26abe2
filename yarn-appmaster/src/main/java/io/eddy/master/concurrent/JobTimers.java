package io.eddy.master.concurrent;

import java.time.Clock;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Time and timers of a part of a job in the master (the checkpoint coordinator, the failover): the
 * thread that owns the job runs the scheduled actions, so they never run concurrently with the
 * part's other methods. A seam for tests, which advance a manual clock instead of sleeping.
 */
public interface JobTimers {

    /** The current time in milliseconds since the epoch. */
    long now();

    /** Runs {@code action} on the owning thread after {@code delayMillis}; the result cancels it. */
    Cancellable schedule(Runnable action, long delayMillis);

    /** A scheduled action that may be cancelled (cancelling a run or cancelled action does nothing). */
    interface Cancellable {
        void cancel();
    }

    /** Timers on {@code owner} (a single-threaded executor: the thread that owns the job), time from {@code clock}. */
    static JobTimers on(ScheduledExecutorService owner, Clock clock) {
        return new JobTimers() {
            @Override
            public long now() {
                return clock.millis();
            }

            @Override
            public Cancellable schedule(Runnable action, long delayMillis) {
                ScheduledFuture<?> f = owner.schedule(action, Math.max(0, delayMillis), TimeUnit.MILLISECONDS);
                return () -> f.cancel(false);
            }
        };
    }
}
