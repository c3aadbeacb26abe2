package io.eddy.streaming.api.windowing.windows;

import io.eddy.api.common.typeinfo.TypeInfo;

/**
 * The one window that holds all elements of a key ({@code GlobalWindows}); it never ends by
 * itself, so it needs a trigger that fires (count, delta, custom) and usually an evictor.
 */
public final class GlobalWindow extends Window {

    /** The type of the global window, for state and timers. */
    public static final TypeInfo<GlobalWindow> TYPE = new WindowTypeInfo<>(GlobalWindow.class, GlobalWindowSerializer.INSTANCE);

    private static final GlobalWindow INSTANCE = new GlobalWindow();

    private GlobalWindow() {}

    public static GlobalWindow get() {
        return INSTANCE;
    }

    @Override
    public long maxTimestamp() {
        return Long.MAX_VALUE;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GlobalWindow;
    }

    @Override
    public int hashCode() {
        return 0;
    }

    @Override
    public String toString() {
        return "GlobalWindow";
    }
}
