package io.eddy.master.checkpoint;

import io.eddy.master.concurrent.JobTimers;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * When the periodic checkpoints of one job fire: every {@code interval}, but not before {@code
 * min-pause} has passed since the last completed checkpoint, and not while {@code max-concurrent}
 * checkpoints are pending (the trigger is then deferred until one of them ends, {@link
 * #resumeDeferred}).
 *
 * <pre>
 * stopped --start--> waiting interval --timer--> [paused] skip, no new timer
 *                                               [max-concurrent pending] deferred --a pending one ended--> waiting min pause
 *                                               [min pause left] waiting min pause --timer--> ...
 *                                               else trigger, waiting interval
 * any --stop--> stopped (final)
 * </pre>
 *
 * <p>Owned by the thread that owns its {@link CheckpointCoordinator}; the timer runs there too.
 */
final class PeriodicTrigger {

    private final CheckpointCoordinatorConfig config;
    private final JobTimers scheduler;
    private final BooleanSupplier paused;
    private final IntSupplier pendingCount;
    private final Runnable trigger;
    private boolean running;
    private boolean stopped;
    private JobTimers.Cancellable timer;
    /** Whether a trigger waits for a pending checkpoint to end (max-concurrent reached). */
    private boolean deferred;
    /** When the last checkpoint completed, or -1. */
    private long lastCompletionTime = -1;

    /**
     * @param paused whether periodic checkpoints pause now (the job ended, or a savepoint that cancels it is pending)
     * @param pendingCount how many checkpoints and savepoints are pending
     * @param trigger triggers a checkpoint now (if the job's sources run)
     */
    PeriodicTrigger(CheckpointCoordinatorConfig config, JobTimers scheduler, BooleanSupplier paused, IntSupplier pendingCount,
            Runnable trigger) {
        this.config = config;
        this.scheduler = scheduler;
        this.paused = paused;
        this.pendingCount = pendingCount;
        this.trigger = trigger;
    }

    /** Starts the periodic checkpoints (the first one interval after now) if the interval is set. Idempotent; not after {@link #stop}. */
    void start() {
        if (stopped || running || !config.isEnabled()) {
            return;
        }
        running = true;
        schedule(config.interval().toMillis());
    }

    private void schedule(long delayMillis) {
        if (timer != null) {
            timer.cancel();
        }
        timer = scheduler.schedule(this::onTimer, delayMillis);
    }

    private void onTimer() {
        timer = null;
        if (!running || paused.getAsBoolean()) {
            return;
        }
        if (pendingCount.getAsInt() >= config.maxConcurrent()) {
            deferred = true;
            return;
        }
        long pauseLeft = pauseLeft();
        if (pauseLeft > 0) {
            schedule(pauseLeft);
            return;
        }
        trigger.run();
        schedule(config.interval().toMillis());
    }

    private long pauseLeft() {
        return lastCompletionTime < 0 ? 0 : lastCompletionTime + config.minPause().toMillis() - scheduler.now();
    }

    /** A checkpoint completed at {@code time}: the min pause counts from there. */
    void completedAt(long time) {
        lastCompletionTime = time;
    }

    /** A pending checkpoint ended: a trigger that waited for it runs (after the min pause). */
    void resumeDeferred() {
        if (deferred && running && timer == null) {
            deferred = false;
            schedule(Math.max(0, pauseLeft()));
        }
    }

    /** The pause ended (a savepoint that was to cancel the job failed): periodic checkpoints go on, an interval from now. */
    void resume() {
        if (running && timer == null) {
            schedule(config.interval().toMillis());
        }
    }

    /** No more periodic checkpoints. */
    void stop() {
        running = false;
        stopped = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }
}
