package io.eddy.streaming.api.windowing.evictors;

import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Iterator;

/** Keeps the last {@code maxCount} elements (in arrival order) of a window, before (default) or after the window function. */
public final class CountEvictor implements Evictor<Object, Window> {

    private static final long serialVersionUID = 1L;

    private final long maxCount;
    private final boolean doEvictAfter;

    private CountEvictor(long maxCount, boolean doEvictAfter) {
        if (maxCount < 0) {
            throw new IllegalArgumentException("CountEvictor maxCount: " + maxCount + " (expected: >= 0)");
        }
        this.maxCount = maxCount;
        this.doEvictAfter = doEvictAfter;
    }

    public static CountEvictor of(long maxCount) {
        return new CountEvictor(maxCount, false);
    }

    /** @param doEvictAfter whether to evict after the window function instead of before */
    public static CountEvictor of(long maxCount, boolean doEvictAfter) {
        return new CountEvictor(maxCount, doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements, size);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<Object>> elements, int size, Window window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements, size);
        }
    }

    private void evict(Iterable<TimestampedValue<Object>> elements, int size) {
        long toRemove = size - maxCount;
        Iterator<TimestampedValue<Object>> it = elements.iterator();
        for (long i = 0; i < toRemove && it.hasNext(); i++) {
            it.next();
            it.remove();
        }
    }

    @Override
    public String toString() {
        return "CountEvictor(" + maxCount + (doEvictAfter ? ", after" : "") + ")";
    }
}
