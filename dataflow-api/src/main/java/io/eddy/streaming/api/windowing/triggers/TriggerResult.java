package io.eddy.streaming.api.windowing.triggers;

/** What a {@link Trigger} tells the window operator to do with a window. */
public enum TriggerResult {
    /** Nothing. */
    CONTINUE(false, false),
    /** Evaluate the window function on the window's contents and keep them. */
    FIRE(true, false),
    /** Drop the window's contents without evaluating (the window's metadata and timers stay until cleanup). */
    PURGE(false, true),
    /** Evaluate, then drop the contents. */
    FIRE_AND_PURGE(true, true);

    private final boolean fire;
    private final boolean purge;

    TriggerResult(boolean fire, boolean purge) {
        this.fire = fire;
        this.purge = purge;
    }

    public boolean isFire() {
        return fire;
    }

    public boolean isPurge() {
        return purge;
    }
}
