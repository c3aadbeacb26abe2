package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.triggers.NeverTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import java.util.Collection;
import java.util.List;

/**
 * Puts all elements of a key into the one {@link GlobalWindow}. Its default trigger never fires:
 * set a trigger ({@code CountTrigger}, {@code DeltaTrigger}, a custom one), as
 * {@code countWindow(n)} does.
 */
public final class GlobalWindows extends WindowAssigner<Object, GlobalWindow> {

    private static final long serialVersionUID = 1L;

    private GlobalWindows() {}

    public static GlobalWindows create() {
        return new GlobalWindows();
    }

    @Override
    public Collection<GlobalWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return List.of(GlobalWindow.get());
    }

    @Override
    public Trigger<Object, GlobalWindow> getDefaultTrigger() {
        return NeverTrigger.create();
    }

    @Override
    public TypeInfo<GlobalWindow> getWindowType() {
        return GlobalWindow.TYPE;
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    @Override
    public String toString() {
        return "GlobalWindows";
    }
}
