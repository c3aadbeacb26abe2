package io.eddy.streaming.api.windowing.evictors;

import io.eddy.streaming.api.windowing.triggers.DeltaFunction;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Iterator;
import java.util.Objects;

/**
 * Removes the elements whose delta (a user {@link DeltaFunction}) to the window's last element is
 * at least {@code threshold}, before (default) or after the window function.
 */
public final class DeltaEvictor<T, W extends Window> implements Evictor<T, W> {

    private static final long serialVersionUID = 1L;

    private final double threshold;
    private final DeltaFunction<T> deltaFunction;
    private final boolean doEvictAfter;

    private DeltaEvictor(double threshold, DeltaFunction<T> deltaFunction, boolean doEvictAfter) {
        this.threshold = threshold;
        this.deltaFunction = Objects.requireNonNull(deltaFunction, "deltaFunction");
        this.doEvictAfter = doEvictAfter;
    }

    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> deltaFunction) {
        return new DeltaEvictor<>(threshold, deltaFunction, false);
    }

    public static <T, W extends Window> DeltaEvictor<T, W> of(double threshold, DeltaFunction<T> deltaFunction, boolean doEvictAfter) {
        return new DeltaEvictor<>(threshold, deltaFunction, doEvictAfter);
    }

    @Override
    public void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (!doEvictAfter) {
            evict(elements);
        }
    }

    @Override
    public void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx) {
        if (doEvictAfter) {
            evict(elements);
        }
    }

    private void evict(Iterable<TimestampedValue<T>> elements) {
        TimestampedValue<T> last = null;
        for (TimestampedValue<T> e : elements) {
            last = e;
        }
        if (last == null) {
            return;
        }
        T reference = last.getValue();
        for (Iterator<TimestampedValue<T>> it = elements.iterator(); it.hasNext();) {
            if (deltaFunction.getDelta(it.next().getValue(), reference) >= threshold) {
                it.remove();
            }
        }
    }

    @Override
    public String toString() {
        return "DeltaEvictor(" + threshold + (doEvictAfter ? ", after" : "") + ")";
    }
}
