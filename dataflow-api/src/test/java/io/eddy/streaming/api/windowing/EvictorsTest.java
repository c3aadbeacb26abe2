package io.eddy.streaming.api.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.streaming.api.windowing.evictors.CountEvictor;
import io.eddy.streaming.api.windowing.evictors.DeltaEvictor;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.evictors.TimeEvictor;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvictorsTest {

    private static final Evictor.EvictorContext CTX = new Evictor.EvictorContext() {
        @Override
        public long getCurrentProcessingTime() {
            return 0;
        }

        @Override
        public long getCurrentWatermark() {
            return Long.MIN_VALUE;
        }
    };

    private static List<TimestampedValue<Object>> elements(long... timestamps) {
        List<TimestampedValue<Object>> list = new ArrayList<>();
        for (long t : timestamps) {
            list.add(new TimestampedValue<>("e" + t, t));
        }
        return list;
    }

    private static List<Long> timestamps(List<TimestampedValue<Object>> list) {
        return list.stream().map(TimestampedValue::getTimestamp).toList();
    }

    @Test
    void countEvictorKeepsTheLastElements() {
        List<TimestampedValue<Object>> list = elements(1, 2, 3, 4, 5);
        CountEvictor.of(2).evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(timestamps(list)).containsExactly(4L, 5L);
        CountEvictor.of(10).evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(list).hasSize(2);
    }

    @Test
    void evictorsEvictEitherBeforeOrAfter() {
        List<TimestampedValue<Object>> list = elements(1, 2, 3);
        CountEvictor after = CountEvictor.of(1, true);
        after.evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(list).hasSize(3);
        after.evictAfter(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(timestamps(list)).containsExactly(3L);
    }

    @Test
    void timeEvictorKeepsElementsWithinTheSpanOfTheNewest() {
        List<TimestampedValue<Object>> list = elements(100, 5, 140, 150, 101, 50);
        TimeEvictor.of(Duration.ofMillis(50)).evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(timestamps(list)).containsExactly(140L, 150L, 101L); // 100 = 150 - 50 is evicted
    }

    @Test
    void timeEvictorLeavesElementsWithoutTimestamps() {
        List<TimestampedValue<Object>> list = new ArrayList<>(List.of(new TimestampedValue<>("a"), new TimestampedValue<>("b")));
        TimeEvictor.of(Duration.ZERO).evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(list).hasSize(2);
    }

    @Test
    void deltaEvictorRemovesElementsFarFromTheLast() {
        List<TimestampedValue<Integer>> list = new ArrayList<>();
        for (int v : new int[] {1, 8, 9, 3, 10}) {
            list.add(new TimestampedValue<>(v));
        }
        DeltaEvictor.<Integer, Window>of(3.0, (a, b) -> Math.abs(a - b)).evictBefore(list, list.size(), GlobalWindow.get(), CTX);
        assertThat(list).extracting(TimestampedValue::getValue).containsExactly(8, 9, 10);
    }
}
