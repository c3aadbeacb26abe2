package io.eddy.streaming.api.windowing.triggers;

import io.eddy.streaming.api.windowing.windows.Window;

/** Fires once when the wall clock passes the window's end. The default trigger of the processing-time assigners. */
public final class ProcessingTimeTrigger extends Trigger<Object, Window> {

    private static final long serialVersionUID = 1L;

    private static final ProcessingTimeTrigger INSTANCE = new ProcessingTimeTrigger();

    private ProcessingTimeTrigger() {}

    public static ProcessingTimeTrigger create() {
        return INSTANCE;
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, Window window, TriggerContext ctx) {
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.FIRE;
    }

    @Override
    public TriggerResult onEventTime(long time, Window window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(Window window, OnMergeContext ctx) {
        ctx.registerProcessingTimeTimer(window.maxTimestamp());
    }

    @Override
    public void clear(Window window, TriggerContext ctx) {
        ctx.deleteProcessingTimeTimer(window.maxTimestamp());
    }

    private Object readResolve() {
        return INSTANCE;
    }

    @Override
    public String toString() {
        return "ProcessingTimeTrigger";
    }
}
