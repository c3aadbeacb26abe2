package io.eddy.streaming.api.windowing.assigners;

import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collection;

/**
 * An assigner whose windows may merge, such as session windows: after an element is assigned, the
 * operator asks the assigner which of the key's windows merge, and merges their state and
 * triggers. The trigger must support merging ({@code Trigger.canMerge()}).
 */
public abstract class MergingWindowAssigner<T, W extends Window> extends WindowAssigner<T, W> {

    private static final long serialVersionUID = 1L;

    /** Calls {@code callback} once for each group of {@code windows} that merge into one. */
    public abstract void mergeWindows(Collection<W> windows, MergeCallback<W> callback);

    /** Receives a group of windows and the window that replaces them. */
    @FunctionalInterface
    public interface MergeCallback<W> {
        void merge(Collection<W> toBeMerged, W mergeResult);
    }
}
