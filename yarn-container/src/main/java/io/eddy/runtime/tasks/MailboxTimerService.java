package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.ThrowingRunnable;
import io.eddy.runtime.operators.TimerService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Processing-time timers of one task: a scheduler thread (started on the first timer) waits for
 * the due time and then queues the callback as a mail, so the callback runs on the task thread.
 *
 * <p>Thread ownership: {@link #schedule} and {@link #shutdown} are called on the task thread; the
 * scheduler thread only queues mails.
 */
final class MailboxTimerService implements TimerService {

    private final MailboxExecutor executor;
    private final String taskName;
    // Created lazily on the task thread; most tasks never use timers.
    private ScheduledThreadPoolExecutor scheduler;
    private boolean shutDown;

    MailboxTimerService(MailboxExecutor executor, String taskName) {
        this.executor = executor;
        this.taskName = taskName;
    }

    @Override
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public Timer schedule(long delayMillis, ThrowingRunnable callback) {
        if (shutDown) {
            throw new IllegalStateException("Task '" + taskName + "' has ended: no more timers can be scheduled");
        }
        if (scheduler == null) {
            scheduler = new ScheduledThreadPoolExecutor(1, runnable -> {
                Thread thread = new Thread(runnable, "Timer of " + taskName);
                thread.setDaemon(true);
                return thread;
            });
            scheduler.setRemoveOnCancelPolicy(true);
        }
        TimerHandle handle = new TimerHandle(callback);
        handle.future = scheduler.schedule(handle::fire, Math.max(0, delayMillis), TimeUnit.MILLISECONDS);
        return handle;
    }

    /** Stops the scheduler thread; timers not yet fired never fire. Task thread; idempotent. */
    void shutdown() {
        shutDown = true;
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
    }

    private final class TimerHandle implements Timer {
        private final ThrowingRunnable callback;
        // Set on the task thread, read by the task thread in the mail.
        private boolean cancelled;
        private ScheduledFuture<?> future;

        TimerHandle(ThrowingRunnable callback) {
            this.callback = callback;
        }

        /** On the scheduler thread: hand the callback to the task thread, unless the task has ended. */
        void fire() {
            executor.tryExecute(() -> {
                if (!cancelled) {
                    callback.run();
                }
            }, "timer of " + taskName);
        }

        @Override
        public void cancel() {
            cancelled = true;
            if (future != null) {
                future.cancel(false);
            }
        }
    }
}
