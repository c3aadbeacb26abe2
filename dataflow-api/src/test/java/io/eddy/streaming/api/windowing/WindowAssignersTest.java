package io.eddy.streaming.api.windowing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.GlobalWindows;
import io.eddy.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.eddy.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner.WindowAssignerContext;
import io.eddy.streaming.api.windowing.triggers.EventTimeTrigger;
import io.eddy.streaming.api.windowing.triggers.NeverTrigger;
import io.eddy.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WindowAssignersTest {

    private static final WindowAssignerContext NO_CLOCK = () -> {
        throw new AssertionError("an event-time assigner must not read the processing time");
    };

    private static WindowAssignerContext clockAt(long now) {
        return () -> now;
    }

    @Test
    void tumblingWindowsStartAtMultiplesOfTheSize() {
        TumblingEventTimeWindows w = TumblingEventTimeWindows.of(Duration.ofMillis(1000));
        assertThat(w.assignWindows("x", 0, NO_CLOCK)).containsExactly(new TimeWindow(0, 1000));
        assertThat(w.assignWindows("x", 999, NO_CLOCK)).containsExactly(new TimeWindow(0, 1000));
        assertThat(w.assignWindows("x", 1000, NO_CLOCK)).containsExactly(new TimeWindow(1000, 2000));
        assertThat(w.isEventTime()).isTrue();
        assertThat(w.getDefaultTrigger()).isSameAs(EventTimeTrigger.create());
    }

    @Test
    void tumblingWindowsOfNegativeTimestampsFloorInsteadOfTruncating() {
        TumblingEventTimeWindows w = TumblingEventTimeWindows.of(Duration.ofMillis(1000));
        assertThat(w.assignWindows("x", -1, NO_CLOCK)).containsExactly(new TimeWindow(-1000, 0));
        assertThat(w.assignWindows("x", -1000, NO_CLOCK)).containsExactly(new TimeWindow(-1000, 0));
        assertThat(w.assignWindows("x", -1001, NO_CLOCK)).containsExactly(new TimeWindow(-2000, -1000));
    }

    @Test
    void tumblingOffsetsShiftTheStarts() {
        TumblingEventTimeWindows plus = TumblingEventTimeWindows.of(Duration.ofMillis(1000), Duration.ofMillis(100));
        assertThat(plus.assignWindows("x", 99, NO_CLOCK)).containsExactly(new TimeWindow(-900, 100));
        assertThat(plus.assignWindows("x", 100, NO_CLOCK)).containsExactly(new TimeWindow(100, 1100));
        TumblingEventTimeWindows minus = TumblingEventTimeWindows.of(Duration.ofMillis(1000), Duration.ofMillis(-100));
        assertThat(minus.assignWindows("x", 899, NO_CLOCK)).containsExactly(new TimeWindow(-100, 900));
        assertThat(minus.assignWindows("x", 900, NO_CLOCK)).containsExactly(new TimeWindow(900, 1900));
    }

    @Test
    void everyTimestampFallsIntoExactlyTheWindowThatContainsIt() {
        Random random = new Random(42);
        for (int i = 0; i < 10_000; i++) {
            long size = 1 + random.nextInt(5000);
            long offset = random.nextInt((int) size) * (random.nextBoolean() ? 1 : -1);
            long t = random.nextLong() >> 16;
            TimeWindow w = TumblingEventTimeWindows.of(Duration.ofMillis(size), Duration.ofMillis(offset)).assignWindows("x", t, NO_CLOCK)
                    .iterator().next();
            assertThat(w.getStart()).isLessThanOrEqualTo(t);
            assertThat(w.getEnd()).isGreaterThan(t);
            assertThat(w.getEnd() - w.getStart()).isEqualTo(size);
            assertThat(Math.floorMod(w.getStart() - offset, size)).isZero();
        }
    }

    @Test
    void slidingWindowsContainTheTimestampSizeOverSlideTimes() {
        SlidingEventTimeWindows w = SlidingEventTimeWindows.of(Duration.ofMillis(1000), Duration.ofMillis(250));
        assertThat(w.assignWindows("x", 0, NO_CLOCK)).containsExactlyInAnyOrder(new TimeWindow(0, 1000), new TimeWindow(-250, 750),
                new TimeWindow(-500, 500), new TimeWindow(-750, 250));
        assertThat(w.assignWindows("x", 999, NO_CLOCK)).containsExactlyInAnyOrder(new TimeWindow(750, 1750), new TimeWindow(500, 1500),
                new TimeWindow(250, 1250), new TimeWindow(0, 1000));
        assertThat(w.assignWindows("x", -1, NO_CLOCK)).hasSize(4).allSatisfy(tw -> assertThat(tw.getStart()).isLessThanOrEqualTo(-1));
    }

    @Test
    void slidingWindowsWithASlideThatDoesNotDivideTheSize() {
        SlidingEventTimeWindows w = SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(3), Duration.ofMillis(1));
        Collection<TimeWindow> windows = w.assignWindows("x", 5, NO_CLOCK);
        // starts 1 + 3k with start <= 5 < start + 10: -2, 1, 4 (not -5: [-5, 5) ends before 5)
        assertThat(windows).containsExactlyInAnyOrder(new TimeWindow(4, 14), new TimeWindow(1, 11), new TimeWindow(-2, 8));
    }

    @Test
    void processingTimeAssignersUseTheClockNotTheTimestamp() {
        assertThat(TumblingProcessingTimeWindows.of(Duration.ofMillis(100)).assignWindows("x", Long.MIN_VALUE, clockAt(1234)))
                .containsExactly(new TimeWindow(1200, 1300));
        assertThat(SlidingProcessingTimeWindows.of(Duration.ofMillis(100), Duration.ofMillis(50)).assignWindows("x", 0, clockAt(1234)))
                .containsExactlyInAnyOrder(new TimeWindow(1200, 1300), new TimeWindow(1150, 1250));
        assertThat(ProcessingTimeSessionWindows.withGap(Duration.ofMillis(10)).assignWindows("x", 0, clockAt(77)))
                .containsExactly(new TimeWindow(77, 87));
        assertThat(TumblingProcessingTimeWindows.of(Duration.ofMillis(100)).getDefaultTrigger()).isSameAs(ProcessingTimeTrigger.create());
        assertThat(TumblingProcessingTimeWindows.of(Duration.ofMillis(100)).isEventTime()).isFalse();
    }

    @Test
    void eventTimeAssignersNeedTimestamps() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofSeconds(1)).assignWindows("x", Long.MIN_VALUE, NO_CLOCK))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("assignTimestampsAndWatermarks");
        assertThatThrownBy(() -> EventTimeSessionWindows.withGap(Duration.ofSeconds(1)).assignWindows("x", Long.MIN_VALUE, NO_CLOCK))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no event timestamp");
    }

    @Test
    void invalidSizesAndOffsetsAreRejectedWithTheValue() {
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("PT0S").hasMessageContaining("at least 1 ms");
        assertThatThrownBy(() -> TumblingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("offset");
        assertThatThrownBy(() -> SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("slide");
        assertThatThrownBy(() -> EventTimeSessionWindows.withGap(Duration.ofMillis(-5))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sessionWindowsOpenAGapLongWindowAndMergeOverlappingOnes() {
        EventTimeSessionWindows<String> sessions = EventTimeSessionWindows.withGap(Duration.ofMillis(10));
        assertThat(sessions.assignWindows("x", 5, NO_CLOCK)).containsExactly(new TimeWindow(5, 15));
        List<TimeWindow> windows = List.of(new TimeWindow(0, 10), new TimeWindow(30, 40), new TimeWindow(5, 15), new TimeWindow(15, 25),
                new TimeWindow(50, 60));
        List<String> merges = new ArrayList<>();
        sessions.mergeWindows(windows, (group, result) -> merges.add(group.size() + "->" + result));
        assertThat(merges).containsExactly("3->TimeWindow[0, 25)");
    }

    @Test
    void dynamicGapsComeFromTheElement() {
        EventTimeSessionWindows<Integer> sessions = EventTimeSessionWindows.withDynamicGap(gap -> gap);
        assertThat(sessions.assignWindows(7, 100, NO_CLOCK)).containsExactly(new TimeWindow(100, 107));
        assertThatThrownBy(() -> sessions.assignWindows(0, 100, NO_CLOCK)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("returned 0 ms");
    }

    @Test
    void globalWindowsPutEverythingIntoOneWindowThatNeverFiresByDefault() {
        GlobalWindows global = GlobalWindows.create();
        assertThat(global.assignWindows("x", 5, NO_CLOCK)).containsExactly(GlobalWindow.get());
        assertThat(global.getDefaultTrigger()).isInstanceOf(NeverTrigger.class);
        assertThat(GlobalWindow.get().maxTimestamp()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void timeWindowMergingCallsBackOncePerGroup() {
        List<String> merges = new ArrayList<>();
        TimeWindow.mergeWindows(List.of(new TimeWindow(0, 5), new TimeWindow(5, 10), new TimeWindow(20, 30), new TimeWindow(25, 26),
                new TimeWindow(40, 41)), (group, result) -> merges.add(group + "->" + result));
        assertThat(merges).containsExactly("[TimeWindow[0, 5), TimeWindow[5, 10)]->TimeWindow[0, 10)",
                "[TimeWindow[20, 30), TimeWindow[25, 26)]->TimeWindow[20, 30)");
        assertThat(new TimeWindow(0, 10).maxTimestamp()).isEqualTo(9);
        assertThatThrownBy(() -> new TimeWindow(5, 5)).isInstanceOf(IllegalArgumentException.class);
    }
}
