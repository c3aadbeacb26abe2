package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Non-overlapping processing-time windows of a fixed size: an element that arrives at processing time t belongs to
 * {@code [start, start + size)} with {@code start = offset + k * size <= t}. The offset shifts
 * window starts, e.g. to a time zone ({@code of(Duration.ofDays(1), Duration.ofHours(-8))}).
 */
public final class TumblingProcessingTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;

    private TumblingProcessingTimeWindows(long size, long offset) {
        this.size = size;
        this.offset = offset;
    }

    /** @throws IllegalArgumentException if {@code size} is below 1 ms */
    public static TumblingProcessingTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if {@code size} is below 1 ms or |offset| is not below the size */
    public static TumblingProcessingTimeWindows of(Duration size, Duration offset) {
        long sizeMillis = Durations.positiveMillis(size, "TumblingProcessingTimeWindows size");
        return new TumblingProcessingTimeWindows(sizeMillis, Durations.offsetMillis(offset, sizeMillis, "TumblingProcessingTimeWindows"));
    }

    public static TumblingProcessingTimeWindows of(Time size) {
        return of(size.toDuration());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        long t = context.getCurrentProcessingTime();
        long start = TimeWindow.getWindowStartWithOffset(t, offset, size);
        return List.of(new TimeWindow(start, start + size));
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

    public long getSize() {
        return size;
    }

    @Override
    public String toString() {
        return "TumblingProcessingTimeWindows(" + size + (offset == 0 ? "" : ", offset " + offset) + ")";
    }
}
