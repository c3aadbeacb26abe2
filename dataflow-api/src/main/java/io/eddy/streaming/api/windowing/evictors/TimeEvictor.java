package io.eddy.streaming.api.windowing.evictors;

import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.Iterator;

/**
 * Keeps the elements whose timestamp is within {@code keep} of the window's newest element
 * (timestamp {@code > max - keep}), before (default) or after the window function. Elements
 * without timestamps are never evicted by time; if none has one, nothing is evicted.
 */
public final class TimeEvictor implements Evictor<Object, Window> {

    private static final long serialVersionUID = 1L;

    private final long keepMillis;
    private final boolean doEvictAfter;

    private TimeEvictor(long keepMillis, boolean doEvictAfter) {
        if (keepMillis < 0) {
            throw new IllegalArgumentException("TimeEvictor keep: " + keepMillis + " ms (expected: >= 0)");
        }
        this.keepMillis = keepMillis;
        this.doEvictAfter = doEvictAfter;
    }

    public static TimeEvictor of(Duration keep) {
        return new TimeEvictor(keep.toMillis(), false);
    }

    /** @param doEvictAfter whether to evict after the window function instead of before */
    public static TimeEvictor of(Duration keep, boolean doEvictAfter) {
        return new TimeEvictor(keep.toMillis(), doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements) {
        long max = Long.MIN_VALUE;
        boolean any = false;
        for (TimestampedValue<Object> e : elements) {
            if (e.hasTimestamp()) {
                any = true;
                max = Math.max(max, e.getTimestamp());
            }
        }
        if (!any) {
            return;
        }
        long evictBelowOrAt = max - keepMillis;
        for (Iterator<TimestampedValue<Object>> it = elements.iterator(); it.hasNext();) {
            TimestampedValue<Object> e = it.next();
            if (e.hasTimestamp() && e.getTimestamp() <= evictBelowOrAt) {
                it.remove();
            }
        }
    }

    @Override
    public String toString() {
        return "TimeEvictor(" + keepMillis + (doEvictAfter ? ", after" : "") + ")";
    }
}
