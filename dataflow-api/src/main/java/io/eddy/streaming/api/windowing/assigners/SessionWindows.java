package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Session windows: each element opens the window {@code [t, t + gap)}; windows of a key that
 * overlap or touch merge, so a session ends after a gap without elements. Event or processing time
 * by subclass.
 */
abstract class SessionWindows<T> extends MergingWindowAssigner<T, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final SessionWindowTimeGapExtractor<T> gap;
    private final String description;

    SessionWindows(SessionWindowTimeGapExtractor<T> gap, String description) {
        this.gap = Objects.requireNonNull(gap, "gap extractor");
        this.description = description;
    }

    /** The element's time: its event timestamp or the current processing time. */
    abstract long timeOf(long timestamp, WindowAssignerContext context);

    @Override
    public Collection<TimeWindow> assignWindows(T element, long timestamp, WindowAssignerContext context) {
        long t = timeOf(timestamp, context);
        long g = gap.extract(element);
        if (g <= 0) {
            throw new IllegalArgumentException(description + ": the gap extractor returned " + g + " ms for element " + element
                    + " (expected: > 0)");
        }
        return List.of(new TimeWindow(t, t + g));
    }

    @Override
    public void mergeWindows(Collection<TimeWindow> windows, MergeCallback<TimeWindow> callback) {
        TimeWindow.mergeWindows(windows, callback::merge);
    }

    @Override
    public TypeInfo<TimeWindow> getWindowType() {
        return TimeWindow.TYPE;
    }

    @Override
    public String toString() {
        return description;
    }

    /** A fixed gap. */
    static final class StaticGap<T> implements SessionWindowTimeGapExtractor<T> {
        private static final long serialVersionUID = 1L;
        private final long millis;

        StaticGap(long millis) {
            this.millis = millis;
        }

        @Override
        public long extract(T element) {
            return millis;
        }
    }
}
