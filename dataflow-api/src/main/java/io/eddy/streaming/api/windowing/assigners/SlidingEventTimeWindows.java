package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.EventTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;

/**
 * Overlapping event-time windows of a fixed size that start every {@code slide}: an element with
 * timestamp t belongs to every {@code [start, start + size)} with {@code start = offset + k * slide}
 * and {@code start <= t < start + size} (about size / slide windows).
 */
public final class SlidingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;

    private SlidingEventTimeWindows(long size, long slide, long offset) {
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    /** @throws IllegalArgumentException if size or slide is below 1 ms */
    public static SlidingEventTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if size or slide is below 1 ms or |offset| is not below the slide */
    public static SlidingEventTimeWindows of(Duration size, Duration slide, Duration offset) {
        long sizeMillis = Durations.positiveMillis(size, "SlidingEventTimeWindows size");
        long slideMillis = Durations.positiveMillis(slide, "SlidingEventTimeWindows slide");
        return new SlidingEventTimeWindows(sizeMillis, slideMillis, Durations.offsetMillis(offset, slideMillis, "SlidingEventTimeWindows"));
    }

    public static SlidingEventTimeWindows of(Time size, Time slide) {
        return of(size.toDuration(), slide.toDuration());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return SlidingWindows.assign(requireTimestamp(timestamp, "SlidingEventTimeWindows"), size, slide, offset);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return (Trigger) EventTimeTrigger.create();
    }

    @Override
    public TypeInfo<TimeWindow> getWindowType() {
        return TimeWindow.TYPE;
    }

    @Override
    public boolean isEventTime() {
        return true;
    }

    @Override
    public String toString() {
        return "SlidingEventTimeWindows(" + size + ", " + slide + (offset == 0 ? "" : ", offset " + offset) + ")";
    }
}
