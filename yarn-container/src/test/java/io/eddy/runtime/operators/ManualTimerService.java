package io.eddy.runtime.operators;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A {@link TimerService} for tests: time stands still until {@link #advance} moves it, which then
 * runs the due callbacks in time order on the calling (test) thread. Deterministic: no threads.
 */
public final class ManualTimerService implements TimerService {

    private long now;
    private long sequence;
    private final PriorityQueue<Entry> queue = new PriorityQueue<>(
            Comparator.comparingLong((Entry e) -> e.due).thenComparingLong(e -> e.order));

    public ManualTimerService(long startMillis) {
        this.now = startMillis;
    }

    @Override
    public long currentTimeMillis() {
        return now;
    }

    @Override
    public Timer schedule(long delayMillis, ThrowingRunnable callback) {
        Entry entry = new Entry(now + Math.max(0, delayMillis), sequence++, callback);
        queue.add(entry);
        return () -> queue.remove(entry);
    }

    /** Moves time forward by {@code millis} and runs the callbacks that became due. */
    public void advance(long millis) throws Exception {
        long target = now + millis;
        while (!queue.isEmpty() && queue.peek().due <= target) {
            Entry entry = queue.poll();
            now = entry.due;
            entry.callback.run();
        }
        now = target;
    }

    /** The due times of the pending timers. */
    public List<Long> pendingDueTimes() {
        List<Long> result = new ArrayList<>();
        queue.stream().sorted(queue.comparator()).forEach(e -> result.add(e.due));
        return result;
    }

    private record Entry(long due, long order, ThrowingRunnable callback) {}
}
