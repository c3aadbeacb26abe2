package io.eddy.streaming.api.windowing.triggers;

import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.streaming.api.windowing.windows.Window;
import java.io.Serializable;

/**
 * Decides when a window is evaluated (fired) and when its contents are dropped (purged). The
 * window operator calls it on the task thread: for each element added to a window, and when a
 * timer the trigger registered for that window fires; the current key is the element's or the
 * timer's. A trigger keeps what it needs between calls in state scoped to key and window
 * ({@link TriggerContext#windowState()}), never in fields: one trigger object serves all keys and
 * windows of a subtask, and its state is checkpointed only if it lives in that state.
 *
 * <p>{@link #clear} is called when the window is removed (after its end plus the allowed
 * lateness); it must delete the trigger's timers and state for the window.
 */
public abstract class Trigger<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** An element with event timestamp {@code timestamp} ({@code Long.MIN_VALUE} if none) was added to {@code window}. */
    public abstract TriggerResult onElement(T element, long timestamp, W window, TriggerContext ctx) throws Exception;

    /** A processing-time timer this trigger registered for {@code window} fired. */
    public abstract TriggerResult onProcessingTime(long time, W window, TriggerContext ctx) throws Exception;

    /** An event-time timer this trigger registered for {@code window} fired. */
    public abstract TriggerResult onEventTime(long time, W window, TriggerContext ctx) throws Exception;

    /** Whether this trigger can follow windows that merge (sessions); then {@link #onMerge} must be implemented. */
    public boolean canMerge() {
        return false;
    }

    /**
     * Windows merged into {@code window}: take over their state ({@link OnMergeContext#mergePartitionedState})
     * and re-register timers for the merged window; the timers of the merged windows were deleted by
     * their {@link #clear}.
     */
    public void onMerge(W window, OnMergeContext ctx) throws Exception {
        throw new UnsupportedOperationException("trigger " + this + " cannot merge windows (canMerge() is false): "
                + "merging window assigners (sessions) need a trigger that supports merging");
    }

    /** The window is removed: delete this trigger's timers and state for it. */
    public abstract void clear(W window, TriggerContext ctx) throws Exception;

    /** What a trigger may do with the operator: time, timers and state of the current key and window. */
    public interface TriggerContext {

        long getCurrentProcessingTime();

        /** The operator's current watermark, or {@code Long.MIN_VALUE} before the first. */
        long getCurrentWatermark();

        /** Calls {@link #onProcessingTime} for this key and window when the wall clock passes {@code time}. */
        void registerProcessingTimeTimer(long time);

        /** Calls {@link #onEventTime} for this key and window when a watermark of at least {@code time} arrives. */
        void registerEventTimeTimer(long time);

        void deleteProcessingTimeTimer(long time);

        void deleteEventTimeTimer(long time);

        /** Keyed state scoped to the current key and window, checkpointed with the operator. */
        KeyedStateStore windowState();
    }

    /** The context of {@link #onMerge}. */
    public interface OnMergeContext extends TriggerContext {

        /**
         * Merges the state of {@code descriptor} (list, reducing or aggregating state) of the merged
         * windows into the merge result window.
         *
         * @throws IllegalArgumentException for a state kind that cannot merge (value or map state)
         */
        void mergePartitionedState(StateDescriptor<?> descriptor) throws Exception;
    }
}
