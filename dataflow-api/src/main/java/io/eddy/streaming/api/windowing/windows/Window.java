package io.eddy.streaming.api.windowing.windows;

/**
 * A bucket of elements of one key (or of the whole stream, for {@code windowAll}) that a window
 * operator collects and evaluates together. Windows are values: equal windows are the same bucket,
 * so implementations define {@code equals} and {@code hashCode}. A window is also the namespace of
 * its contents in keyed state and of its timers, so its type needs a serializer
 * ({@link io.eddy.streaming.api.windowing.assigners.WindowAssigner#getWindowType()}).
 */
public abstract class Window {

    /** The largest timestamp that still belongs to this window; its contents are complete once event time passes it. */
    public abstract long maxTimestamp();
}
