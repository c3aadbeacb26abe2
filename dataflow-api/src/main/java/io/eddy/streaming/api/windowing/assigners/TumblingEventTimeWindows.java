package io.eddy.streaming.api.windowing.assigners;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.EventTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Non-overlapping event-time windows of a fixed size: an element with timestamp t belongs to
 * {@code [start, start + size)} with {@code start = offset + k * size <= t}. The offset shifts
 * window starts, e.g. to a time zone ({@code of(Duration.ofDays(1), Duration.ofHours(-8))}).
 */
public final class TumblingEventTimeWindows extends WindowAssigner<Object, TimeWindow> {

    private static final long serialVersionUID = 1L;

    private final long size;
    private final long offset;

    private TumblingEventTimeWindows(long size, long offset) {
        this.size = size;
        this.offset = offset;
    }

    /** @throws IllegalArgumentException if {@code size} is below 1 ms */
    public static TumblingEventTimeWindows of(Duration size) {
        return of(size, Duration.ZERO);
    }

    /** @throws IllegalArgumentException if {@code size} is below 1 ms or |offset| is not below the size */
    public static TumblingEventTimeWindows of(Duration size, Duration offset) {
        long sizeMillis = Durations.positiveMillis(size, "TumblingEventTimeWindows size");
        return new TumblingEventTimeWindows(sizeMillis, Durations.offsetMillis(offset, sizeMillis, "TumblingEventTimeWindows"));
    }

    public static TumblingEventTimeWindows of(Time size) {
        return of(size.toDuration());
    }

    @Override
    public Collection<TimeWindow> assignWindows(Object element, long timestamp, WindowAssignerContext context) {
        long t = requireTimestamp(timestamp, "TumblingEventTimeWindows");
        long start = TimeWindow.getWindowStartWithOffset(t, offset, size);
        return List.of(new TimeWindow(start, start + size));
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

    public long getSize() {
        return size;
    }

    @Override
    public String toString() {
        return "TumblingEventTimeWindows(" + size + (offset == 0 ? "" : ", offset " + offset) + ")";
    }
}
