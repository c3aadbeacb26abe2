package io.eddy.streaming.api.windowing.assigners;

import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.EventTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;

/**
 * Event-time sessions: an element with timestamp t opens {@code [t, t + gap)}; overlapping windows
 * of a key merge, so a session closes once the watermark passes its last element plus the gap.
 */
public final class EventTimeSessionWindows<T> extends SessionWindows<T> {

    private static final long serialVersionUID = 1L;

    private EventTimeSessionWindows(SessionWindowTimeGapExtractor<T> gap, String description) {
        super(gap, description);
    }

    /** @throws IllegalArgumentException if the gap is below 1 ms */
    public static <T> EventTimeSessionWindows<T> withGap(Duration gap) {
        long millis = Durations.positiveMillis(gap, "EventTimeSessionWindows gap");
        return new EventTimeSessionWindows<>(new StaticGap<>(millis), "EventTimeSessionWindows(" + millis + ")");
    }

    public static <T> EventTimeSessionWindows<T> withGap(Time gap) {
        return withGap(gap.toDuration());
    }

    /** Sessions whose gap after each element {@code extractor} computes (it must return a positive number of ms). */
    public static <T> EventTimeSessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new EventTimeSessionWindows<>(extractor, "EventTimeSessionWindows(dynamic gap)");
    }

    @Override
    long timeOf(long timestamp, WindowAssignerContext context) {
        return requireTimestamp(timestamp, "EventTimeSessionWindows");
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Trigger<T, TimeWindow> getDefaultTrigger() {
        return (Trigger) EventTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return true;
    }
}
