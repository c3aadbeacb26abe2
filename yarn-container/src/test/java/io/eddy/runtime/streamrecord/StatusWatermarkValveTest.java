package io.eddy.runtime.streamrecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusWatermarkValveTest {

    private final List<Object> emitted = new ArrayList<>();
    private final StatusWatermarkValve.ValveOutput output = new StatusWatermarkValve.ValveOutput() {
        @Override
        public void emitWatermark(Watermark watermark) {
            emitted.add(watermark.getTimestamp());
        }

        @Override
        public void emitWatermarkStatus(WatermarkStatus status) {
            emitted.add(status);
        }
    };

    @Test
    void emitsTheMinimumOverAllChannelsOnlyWhenItAdvances() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(3);
        valve.inputWatermark(new Watermark(10), 0, output);
        valve.inputWatermark(new Watermark(5), 1, output);
        assertThat(emitted).as("channel 2 has sent nothing yet: it holds the minimum").isEmpty();

        valve.inputWatermark(new Watermark(7), 2, output);
        assertThat(emitted).containsExactly(5L);

        valve.inputWatermark(new Watermark(12), 1, output);
        assertThat(emitted).containsExactly(5L, 7L);
        valve.inputWatermark(new Watermark(9), 0, output); // goes back on channel 0: ignored
        valve.inputWatermark(new Watermark(11), 2, output);
        assertThat(emitted).containsExactly(5L, 7L, 10L);
        assertThat(valve.currentWatermark()).isEqualTo(10);
    }

    @Test
    void equalWatermarksAreNotEmittedTwice() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(2);
        valve.inputWatermark(new Watermark(3), 0, output);
        valve.inputWatermark(new Watermark(3), 1, output);
        valve.inputWatermark(new Watermark(4), 0, output);
        assertThat(emitted).containsExactly(3L);
    }

    @Test
    void anIdleChannelNoLongerHoldsTheMinimumBack() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(2);
        valve.inputWatermark(new Watermark(20), 0, output);
        assertThat(emitted).isEmpty();

        valve.inputWatermarkStatus(WatermarkStatus.IDLE, 1, output);
        assertThat(emitted).containsExactly(20L);
        valve.inputWatermark(new Watermark(25), 0, output);
        assertThat(emitted).containsExactly(20L, 25L);
        assertThat(valve.isIdle()).isFalse();
    }

    @Test
    void whenAllChannelsAreIdleTheHighestWatermarkAndIdleAreEmittedAndActiveWhenOneResumes() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(2);
        valve.inputWatermark(new Watermark(8), 0, output);
        valve.inputWatermark(new Watermark(4), 1, output);
        assertThat(emitted).containsExactly(4L);

        valve.inputWatermarkStatus(WatermarkStatus.IDLE, 1, output);
        assertThat(emitted).containsExactly(4L, 8L);
        valve.inputWatermarkStatus(WatermarkStatus.IDLE, 0, output);
        assertThat(emitted).containsExactly(4L, 8L, WatermarkStatus.IDLE);
        assertThat(valve.isIdle()).isTrue();

        valve.inputWatermark(new Watermark(30), 1, output); // on an idle channel: ignored
        assertThat(emitted).hasSize(3);
        valve.inputWatermarkStatus(WatermarkStatus.ACTIVE, 1, output);
        assertThat(emitted).containsExactly(4L, 8L, WatermarkStatus.IDLE, WatermarkStatus.ACTIVE);
    }

    @Test
    void aChannelThatBecomesActiveBehindTheEmittedWatermarkJoinsOnlyOnceItCaughtUp() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(2);
        valve.inputWatermark(new Watermark(2), 1, output);
        valve.inputWatermarkStatus(WatermarkStatus.IDLE, 1, output);
        valve.inputWatermark(new Watermark(50), 0, output);
        assertThat(emitted).containsExactly(50L);

        valve.inputWatermarkStatus(WatermarkStatus.ACTIVE, 1, output);
        valve.inputWatermark(new Watermark(10), 1, output); // behind 50: not aligned, must not pull the output back
        valve.inputWatermark(new Watermark(60), 0, output);
        assertThat(emitted).as("channel 1 does not hold the output back before it caught up").containsExactly(50L, 60L);

        valve.inputWatermark(new Watermark(70), 1, output); // caught up: aligned again
        valve.inputWatermark(new Watermark(80), 0, output);
        assertThat(emitted).as("now channel 1 holds the minimum").containsExactly(50L, 60L, 70L);
    }

    @Test
    void theFinalWatermarkIsEmittedWhenEveryChannelSentIt() throws Exception {
        StatusWatermarkValve valve = new StatusWatermarkValve(2);
        valve.inputWatermark(Watermark.MAX_WATERMARK, 0, output);
        assertThat(emitted).isEmpty();
        valve.inputWatermark(Watermark.MAX_WATERMARK, 1, output);
        assertThat(emitted).containsExactly(Long.MAX_VALUE);
    }

    @Test
    void needsAChannel() {
        assertThatThrownBy(() -> new StatusWatermarkValve(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
