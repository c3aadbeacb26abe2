package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.Window;
import java.io.Serializable;
import java.util.Collection;

/**
 * Puts each element into zero or more windows. Called by the window operator on the task thread
 * for each element, with the element's event timestamp ({@code Long.MIN_VALUE} when it has none).
 * Assigners are serializable values without mutable state.
 *
 * @param <T> the type of the elements
 * @param <W> the type of the windows
 */
public abstract class WindowAssigner<T, W extends Window> implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The windows {@code element} belongs to.
     *
     * @param timestamp the element's event timestamp, {@code Long.MIN_VALUE} if it has none
     * @throws IllegalStateException from event-time assigners if the element has no timestamp
     */
    public abstract Collection<W> assignWindows(T element, long timestamp, WindowAssignerContext context);

    /** The trigger used when the program sets none with {@code trigger(...)}. */
    public abstract Trigger<T, W> getDefaultTrigger();

    /** The type of the windows: namespace of window state and timers. */
    public abstract TypeInfo<W> getWindowType();

    /** Whether windows are defined on event time (so late elements, allowed lateness and watermarks matter). */
    public abstract boolean isEventTime();

    /** What an assigner may ask of the operator. */
    public interface WindowAssignerContext {

        /** The current processing time of the task, in milliseconds since the epoch. */
        long getCurrentProcessingTime();
    }

    /** The timestamp of an element for event-time windows, failing with what to do when it has none. */
    static long requireTimestamp(long timestamp, String assigner) {
        if (timestamp == Long.MIN_VALUE) {
            throw new IllegalStateException(assigner + ": an element has no event timestamp. Event-time windows need timestamps: "
                    + "call assignTimestampsAndWatermarks(...) before keyBy/window (or let the source assign them), "
                    + "or use a processing-time assigner");
        }
        return timestamp;
    }
}
