package io.eddy.streaming.api.windowing.assigners;

import io.eddy.streaming.api.windowing.time.Time;
import io.eddy.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;

/**
 * Processing-time sessions: an element arriving at time t opens {@code [t, t + gap)}; overlapping windows
 * of a key merge, so a session closes once the wall clock passes its last element plus the gap.
 */
public final class ProcessingTimeSessionWindows<T> extends SessionWindows<T> {

    private static final long serialVersionUID = 1L;

    private ProcessingTimeSessionWindows(SessionWindowTimeGapExtractor<T> gap, String description) {
        super(gap, description);
    }

    /** @throws IllegalArgumentException if the gap is below 1 ms */
    public static <T> ProcessingTimeSessionWindows<T> withGap(Duration gap) {
        long millis = Durations.positiveMillis(gap, "ProcessingTimeSessionWindows gap");
        return new ProcessingTimeSessionWindows<>(new StaticGap<>(millis), "ProcessingTimeSessionWindows(" + millis + ")");
    }

    public static <T> ProcessingTimeSessionWindows<T> withGap(Time gap) {
        return withGap(gap.toDuration());
    }

    /** Sessions whose gap after each element {@code extractor} computes (it must return a positive number of ms). */
    public static <T> ProcessingTimeSessionWindows<T> withDynamicGap(SessionWindowTimeGapExtractor<T> extractor) {
        return new ProcessingTimeSessionWindows<>(extractor, "ProcessingTimeSessionWindows(dynamic gap)");
    }

    @Override
    long timeOf(long timestamp, WindowAssignerContext context) {
        return context.getCurrentProcessingTime();
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Trigger<T, TimeWindow> getDefaultTrigger() {
        return (Trigger) ProcessingTimeTrigger.create();
    }

    @Override
    public boolean isEventTime() {
        return false;
    }
}
