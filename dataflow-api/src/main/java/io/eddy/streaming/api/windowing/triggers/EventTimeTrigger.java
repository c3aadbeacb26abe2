package io.eddy.streaming.api.windowing.triggers;

import io.eddy.streaming.api.windowing.windows.Window;

/**
 * Fires once when the watermark passes the window's end ({@link Window#maxTimestamp()}), and again
 * for every element that arrives after that but within the allowed lateness. The default trigger
 * of the event-time assigners.
 */
public final class EventTimeTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;

    private static final EventTimeTrigger INSTANCE = new EventTimeTrigger();

    private EventTimeTrigger() {}

    public static EventTimeTrigger create() {
        return INSTANCE;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) {
        if (window.maxTimestamp() <= ctx.getCurrentWatermark()) {
            return TriggerResult.FIRE;
        }
        ctx.registerEventTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return time == window.maxTimestamp() ? TriggerResult.FIRE : TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(Window window, OnMergeContext ctx) {
        if (window.maxTimestamp() > ctx.getCurrentWatermark()) {
            ctx.registerEventTimeTimer(window.maxTimestamp());
        }
    }

    @Override
    public void clear(Window window, TriggerContext ctx) {
        ctx.deleteEventTimeTimer(window.maxTimestamp());
    }

    private Object readResolve() {
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "EventTimeTrigger";
    }
}
