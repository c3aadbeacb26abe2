package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.state.ListState;
import io.eddy.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The active windows of the current key for a merging assigner (sessions), kept in a keyed list
 * state (so they are checkpointed with the key). Adding a window merges it with the windows it
 * overlaps; the caller merges their contents, triggers and timers in {@link MergeFunction}. A
 * window's contents live under the window itself as namespace: after a merge, under the merge
 * result. Load with {@link #load()} for the current key, write back with {@link #persist()}.
 * Task thread only.
 */
final class MergingWindowSet<W extends Window> {

    private final MergingWindowAssigner<?, W> assigner;
    private final ListState<W> state;
    private final List<W> windows = new ArrayList<>();
    private boolean dirty;

    MergingWindowSet(MergingWindowAssigner<?, W> assigner, ListState<W> state) {
        this.assigner = assigner;
        this.state = state;
    }

    /** Reads the current key's windows. */
    void load() throws Exception {
        windows.clear();
        for (W window : state.get()) {
            windows.add(window);
        }
        dirty = false;
    }

    /** Writes the current key's windows back if they changed. */
    void persist() throws Exception {
        if (dirty) {
            state.update(windows);
            dirty = false;
        }
    }

    boolean contains(W window) {
        return windows.contains(window);
    }

    /** Forgets {@code window} (its contents were cleared, or it is late). */
    void retire(W window) {
        if (windows.remove(window)) {
            dirty = true;
        }
    }

    /** Called for each merge: the windows in {@code merged} (all held state before) merge into {@code result}. */
    @FunctionalInterface
    interface MergeFunction<W> {
        void merge(W result, Collection<W> merged) throws Exception;
    }

    /**
     * Adds {@code newWindow} (which has no contents yet), merging it with the active windows it
     * overlaps; returns the window it ended up in.
     */
    W addWindow(W newWindow, MergeFunction<W> mergeFunction) throws Exception {
        List<W> all = new ArrayList<>(windows);
        all.add(newWindow);
        List<Map.Entry<W, List<W>>> merges = new ArrayList<>();
        assigner.mergeWindows(all, (toBeMerged, result) -> merges.add(Map.entry(result, new ArrayList<>(toBeMerged))));
        W actual = newWindow;
        boolean placed = false;
        for (Map.Entry<W, List<W>> merge : merges) {
            W result = merge.getKey();
            List<W> group = merge.getValue();
            if (group.contains(newWindow)) {
                actual = result;
                placed = true;
            }
            boolean resultExisted = windows.contains(result);
            List<W> mergedExisting = new ArrayList<>();
            for (W window : group) {
                if (!window.equals(result) && windows.contains(window) && !mergedExisting.contains(window)) {
                    mergedExisting.add(window);
                }
            }
            windows.removeAll(group);
            windows.add(result);
            dirty = true;
            if (!mergedExisting.isEmpty() || !resultExisted) {
                mergeFunction.merge(result, mergedExisting);
            }
        }
        if (!placed) {
            windows.add(newWindow);
            dirty = true;
        }
        return actual;
    }
}
