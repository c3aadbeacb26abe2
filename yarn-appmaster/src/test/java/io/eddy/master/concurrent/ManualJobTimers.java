package io.eddy.master.concurrent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** {@link JobTimers} whose time moves only when the test advances it; due actions run in the test's thread. */
public final class ManualJobTimers implements JobTimers {

    private long now = 1_000_000;
    private long sequence;
    private final List<Timer> timers = new ArrayList<>();

    private static final class Timer {
        final long due;
        final long order;
        final Runnable action;
        boolean cancelled;

        Timer(long due, long order, Runnable action) {
            this.due = due;
            this.order = order;
            this.action = action;
        }
    }

    @Override
    public long now() {
        return now;
    }

    @Override
    public Cancellable schedule(Runnable action, long delayMillis) {
        Timer t = new Timer(now + Math.max(0, delayMillis), sequence++, action);
        timers.add(t);
        return () -> t.cancelled = true;
    }

    /** Moves the clock forward by {@code millis}, running every action that falls due, in time order. */
    public void advance(long millis) {
        long target = now + millis;
        while (true) {
            Timer next = timers.stream().filter(t -> !t.cancelled && t.due <= target)
                    .min(Comparator.comparingLong((Timer t) -> t.due).thenComparingLong(t -> t.order)).orElse(null);
            if (next == null) {
                break;
            }
            timers.remove(next);
            now = Math.max(now, next.due);
            next.action.run();
        }
        now = target;
    }

    /** The number of scheduled actions not run or cancelled yet. */
    public long activeTimers() {
        return timers.stream().filter(t -> !t.cancelled).count();
    }
}
