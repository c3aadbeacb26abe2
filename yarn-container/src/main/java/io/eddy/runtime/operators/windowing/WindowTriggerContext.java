package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.InternalMergingState;
import io.eddy.runtime.timers.InternalTimerService;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collection;
import java.util.List;

/**
 * The trigger's view of the operator for the current key and window (one object per operator,
 * pointed at a window before each trigger call): timers in the window's namespace, window state,
 * and on merges the windows being merged. Task thread only.
 */
final class WindowTriggerContext<W extends Window> implements Trigger.OnMergeContext {

    private final HeapKeyedStateBackend backend;
    private final TypeSerializer<W> windowSerializer;
    private final InternalTimerService<W> timers;
    private final WindowStateStore<W> state;
    private W window;
    private Collection<W> mergedWindows = List.of();

    WindowTriggerContext(HeapKeyedStateBackend backend, TypeSerializer<W> windowSerializer, InternalTimerService<W> timers) {
        this.backend = backend;
        this.windowSerializer = windowSerializer;
        this.timers = timers;
        this.state = new WindowStateStore<>(backend, windowSerializer);
    }

    WindowTriggerContext<W> window(W window) {
        this.window = window;
        this.state.setWindow(window);
        this.mergedWindows = List.of();
        return this;
    }

    /** Points at {@code mergeResult}, into which {@code merged} are merging. */
    WindowTriggerContext<W> merging(W mergeResult, Collection<W> merged) {
        window(mergeResult);
        this.mergedWindows = merged;
        return this;
    }

    @Override
    public long getCurrentProcessingTime() {
        return timers.currentProcessingTime();
    }

    @Override
    public long getCurrentWatermark() {
        return timers.currentWatermark();
    }

    @Override
    public void registerProcessingTimeTimer(long time) {
        timers.registerProcessingTimeTimer(window, time);
    }

    @Override
    public void registerEventTimeTimer(long time) {
        timers.registerEventTimeTimer(window, time);
    }

    @Override
    public void deleteProcessingTimeTimer(long time) {
        timers.deleteProcessingTimeTimer(window, time);
    }

    @Override
    public void deleteEventTimeTimer(long time) {
        timers.deleteEventTimeTimer(window, time);
    }

    @Override
    public KeyedStateStore windowState() {
        return state;
    }

    @Override
    public void mergePartitionedState(StateDescriptor<?> descriptor) throws Exception {
        if (mergedWindows.isEmpty()) {
            return;
        }
        Object s = backend.getPartitionedState(window, windowSerializer, descriptor);
        if (!(s instanceof InternalMergingState<?>)) {
            throw new IllegalArgumentException("mergePartitionedState: the trigger state " + descriptor
                    + " cannot be merged (only list, reducing and aggregating state can); keep mergeable trigger state in one of those");
        }
        @SuppressWarnings("unchecked")
        InternalMergingState<W> merging = (InternalMergingState<W>) s;
        merging.mergeNamespaces(window, mergedWindows);
    }
}
