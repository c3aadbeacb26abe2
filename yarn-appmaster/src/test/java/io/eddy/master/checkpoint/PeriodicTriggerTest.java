package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.master.concurrent.ManualJobTimers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When {@link PeriodicTrigger} fires, on a {@link ManualJobTimers}: interval 100 ms, min pause 30 ms, at most 1 pending. */
class PeriodicTriggerTest {

    private final ManualJobTimers scheduler = new ManualJobTimers();
    private final List<Long> triggered = new ArrayList<>();
    private int pending;
    private boolean paused;
    private final PeriodicTrigger trigger = new PeriodicTrigger(new CheckpointCoordinatorConfig(Duration.ofMillis(100), true,
            Duration.ofSeconds(1), Duration.ofMillis(30), 1, 1, 0), scheduler, () -> paused, () -> pending,
            () -> triggered.add(scheduler.now()));

    @Test
    void firesEveryIntervalOnceStartedAndNeverAfterStop() {
        long start = scheduler.now();
        scheduler.advance(500);
        assertThat(triggered).as("not started").isEmpty();

        trigger.start();
        trigger.start();
        scheduler.advance(250);
        assertThat(triggered).containsExactly(start + 600, start + 700);

        trigger.stop();
        trigger.start();
        scheduler.advance(500);
        assertThat(triggered).hasSize(2);
        assertThat(scheduler.activeTimers()).isZero();
    }

    @Test
    void aTriggerWhileTheMaximumIsPendingWaitsForOneToEndAndThenForTheMinPause() {
        long start = scheduler.now();
        trigger.start();
        pending = 1;
        scheduler.advance(150);
        assertThat(triggered).isEmpty();
        assertThat(scheduler.activeTimers()).as("deferred: no timer until a pending checkpoint ends").isZero();

        pending = 0;
        trigger.completedAt(scheduler.now());
        trigger.resumeDeferred();
        scheduler.advance(29);
        assertThat(triggered).as("min pause").isEmpty();
        scheduler.advance(1);
        assertThat(triggered).containsExactly(start + 180);
        scheduler.advance(100);
        assertThat(triggered).containsExactly(start + 180, start + 280);
    }

    @Test
    void aTriggerWithinTheMinPauseOfTheLastCompletionWaitsForItsEnd() {
        long start = scheduler.now();
        trigger.start();
        scheduler.advance(90);
        trigger.completedAt(scheduler.now());
        scheduler.advance(10);
        assertThat(triggered).isEmpty();
        scheduler.advance(20);
        assertThat(triggered).containsExactly(start + 120);
    }

    @Test
    void aPausedTriggerSkipsUntilResumed() {
        long start = scheduler.now();
        trigger.start();
        paused = true;
        scheduler.advance(300);
        assertThat(triggered).isEmpty();
        assertThat(scheduler.activeTimers()).isZero();

        paused = false;
        trigger.resume();
        scheduler.advance(100);
        assertThat(triggered).containsExactly(start + 400);
    }
}
