package io.eddy.api.common.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.util.InstantiationUtil;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WatermarkStrategyTest {

    /** Keeps what a generator emits: watermark timestamps as Longs, "idle" and "active". */
    private static final class RecordingOutput implements WatermarkOutput {
        final List<Object> emitted = new ArrayList<>();

        @Override
        public void emitWatermark(Watermark watermark) {
            emitted.add(watermark.getTimestamp());
        }

        @Override
        public void markIdle() {
            emitted.add("idle");
        }

        @Override
        public void markActive() {
            emitted.add("active");
        }
    }

    private final RecordingOutput out = new RecordingOutput();

    @Test
    void boundedOutOfOrdernessEmitsTheHighestTimestampMinusTheBoundMinusOnePeriodically() {
        WatermarkGenerator<String> generator = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(5))
                .createWatermarkGenerator();
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).as("nothing before the first record").isEmpty();

        generator.onEvent("a", 100, out);
        generator.onEvent("b", 90, out);
        assertThat(out.emitted).as("periodic: nothing per record").isEmpty();
        generator.onPeriodicEmit(out);
        generator.onEvent("c", 120, out);
        generator.onEvent("d", 110, out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).containsExactly(94L, 114L);
    }

    @Test
    void monotonousTimestampsTrailByOneMillisecond() {
        WatermarkGenerator<String> generator = WatermarkStrategy.<String>forMonotonousTimestamps().createWatermarkGenerator();
        generator.onEvent("a", 7, out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).containsExactly(6L);
    }

    @Test
    void noWatermarksEmitsNothing() {
        WatermarkGenerator<String> generator = WatermarkStrategy.<String>noWatermarks().createWatermarkGenerator();
        generator.onEvent("a", 7, out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).isEmpty();
    }

    @Test
    void aPerRecordGeneratorEmitsInOnEvent() {
        // Punctuated: records ending in '!' carry a watermark.
        WatermarkStrategy<String> punctuated = () -> new WatermarkGenerator<>() {
            @Override
            public void onEvent(String event, long eventTimestamp, WatermarkOutput output) {
                if (event.endsWith("!")) {
                    output.emitWatermark(new Watermark(eventTimestamp));
                }
            }

            @Override
            public void onPeriodicEmit(WatermarkOutput output) {}
        };
        WatermarkGenerator<String> generator = punctuated.createWatermarkGenerator();
        generator.onEvent("a", 1, out);
        generator.onEvent("b!", 2, out);
        generator.onEvent("c", 3, out);
        assertThat(out.emitted).containsExactly(2L);
    }

    @Test
    void theDefaultAssignerKeepsTheRecordsTimestampAndWithTimestampAssignerReplacesIt() {
        WatermarkStrategy<String> base = WatermarkStrategy.forMonotonousTimestamps();
        assertThat(base.createTimestampAssigner().extractTimestamp("x", 42)).isEqualTo(42);

        WatermarkStrategy<String> parsed = base.withTimestampAssigner((s, ts) -> Long.parseLong(s));
        assertThat(parsed.createTimestampAssigner().extractTimestamp("17", TimestampAssigner.NO_TIMESTAMP)).isEqualTo(17);
        parsed.createWatermarkGenerator().onEvent("17", 17, out);
        assertThat(parsed.withIdleness(Duration.ofSeconds(1)).createTimestampAssigner().extractTimestamp("5", 0)).isEqualTo(5);
    }

    @Test
    void idlenessMarksTheOutputIdleAfterTheTimeoutWithoutRecordsAndRecordsMakeItActive() {
        long[] nanos = {0};
        WatermarkGenerator<String> generator = new WatermarksWithIdleness<>(
                WatermarkStrategy.<String>forMonotonousTimestamps().createWatermarkGenerator(), Duration.ofMillis(100), () -> nanos[0]);
        generator.onEvent("a", 10, out);
        nanos[0] = Duration.ofMillis(50).toNanos();
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).containsExactly(9L);

        nanos[0] = Duration.ofMillis(150).toNanos();
        generator.onPeriodicEmit(out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).as("idle once, and no watermarks while idle").containsExactly(9L, "idle");

        generator.onEvent("b", 20, out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).containsExactly(9L, "idle", 19L);
    }

    @Test
    void strategiesSurviveJavaSerializationAsTheyTravelInTheJobGraph() {
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofSeconds(2))
                .withTimestampAssigner((s, ts) -> s.length())
                .withIdleness(Duration.ofMinutes(1));
        byte[] bytes = InstantiationUtil.serialize(strategy, "test strategy");
        WatermarkStrategy<String> copy = InstantiationUtil.deserialize(bytes, getClass().getClassLoader(), "test strategy");
        assertThat(copy.createTimestampAssigner().extractTimestamp("abc", 0)).isEqualTo(3);
        WatermarkGenerator<String> generator = copy.createWatermarkGenerator();
        generator.onEvent("abc", 5_000, out);
        generator.onPeriodicEmit(out);
        assertThat(out.emitted).containsExactly(2_999L);
    }

    @Test
    void invalidDurationsAreRejectedNamingTheMethod() {
        assertThatThrownBy(() -> WatermarkStrategy.forBoundedOutOfOrderness(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("forBoundedOutOfOrderness");
        assertThatThrownBy(() -> WatermarkStrategy.noWatermarks().withIdleness(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("withIdleness");
    }
}
