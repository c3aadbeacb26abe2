package io.eddy.streaming.api.windowing.triggers;

import io.eddy.streaming.api.windowing.windows.GlobalWindow;

/** Never fires: the default trigger of {@code GlobalWindows}, to be replaced with one that fires. */
public final class NeverTrigger extends Trigger<Object, GlobalWindow> {

    private static final long serialVersionUID = 1L;

    private NeverTrigger() {}

    public static NeverTrigger create() {
        return new NeverTrigger();
    }

    @Override
    public TriggerResult onElement(Object element, long timestamp, GlobalWindow window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onProcessingTime(long time, GlobalWindow window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public TriggerResult onEventTime(long time, GlobalWindow window, TriggerContext ctx) {
        return TriggerResult.CONTINUE;
    }

    @Override
    public boolean canMerge() {
        return true;
    }

    @Override
    public void onMerge(GlobalWindow window, OnMergeContext ctx) {
        // nothing registered, nothing to merge
    }

    @Override
    public void clear(GlobalWindow window, TriggerContext ctx) {
        // no timers or state
    }

    @Override
    public String toString() {
        return "NeverTrigger";
    }
}
