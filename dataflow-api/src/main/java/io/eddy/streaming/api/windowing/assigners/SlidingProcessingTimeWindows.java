package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;

/**
 * Overlapping processing-time windows of a fixed size that start every {@code slide}: an element arriving at
 * processing time t belongs to every {@code [start, start + size)} with {@code start = offset + k * slide}
 * and {@code start <= t < start + size} (about size / slide windows).
 */
public final class SlidingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long slide;
    private final long offset;

    private SlidingProcessingTimeWindows(long size, long slide, long offset) {
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    /** @throws IllegalArgumentException if size or slide is below 1 ms */
    public static SlidingProcessingTimeWindows of(Duration size, Duration slide) {
        return of(size, slide, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if size or slide is below 1 ms or |offset| is not below the slide */
    public static SlidingProcessingTimeWindows of(Duration size, Duration slide, Duration offset) {
        long sizeMillis = Durations.positiveMillis(size, "SlidingProcessingTimeWindows size");
        long slideMillis = Durations.positiveMillis(slide, "SlidingProcessingTimeWindows slide");
        return new SlidingProcessingTimeWindows(sizeMillis, slideMillis, Durations.offsetMillis(offset, slideMillis, "SlidingProcessingTimeWindows"));
    }

    public static SlidingProcessingTimeWindows of(Time size, Time slide) {
        return of(size.toDuration(), slide.toDuration());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        return SlidingWindows.assign(context.getCurrentProcessingTime(), size, slide, offset);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Trigger<Object, TimeWindow> getDefaultTrigger() {
        return (Trigger) ProcessingTimeTrigger.create();
    }

    @Override
    public TypeInfo<TimeWindow> getWindowType() {
        return TimeWindow.TYPE;
    }

    @Override
    public boolean isEventTime() {
        return false;
    }

    @Override
    public String toString() {
        return "SlidingProcessingTimeWindows(" + size + ", " + slide + (offset == 0 ? "" : ", offset " + offset) + ")";
    }
}
