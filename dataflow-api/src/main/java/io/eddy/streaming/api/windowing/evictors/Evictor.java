package io.eddy.streaming.api.windowing.evictors;

import io.eddy.streaming.api.windowing.windows.Window;
import java.io.Serializable;

/**
 * Removes elements from a window's contents when it fires: before the window function sees them
 * ({@link #evictBefore}) and after ({@link #evictAfter}). Elements are removed through the
 * iterator's {@code remove()}; what is left is kept in the window. Called on the task thread; a
 * window with an evictor keeps all its elements (no incremental aggregation), so use evictors only
 * where they are needed.
 */
public interface Evictor<T, W extends Window> extends Serializable {

    /** Before the window function: remove elements from {@code elements} (of which there are {@code size}). */
    void evictBefore(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx);

    /** After the window function. */
    void evictAfter(Iterable<TimestampedValue<T>> elements, int size, W window, EvictorContext ctx);

    /** What an evictor may ask of the operator. */
    interface EvictorContext {

        long getCurrentProcessingTime();

        long getCurrentWatermark();
    }
}
