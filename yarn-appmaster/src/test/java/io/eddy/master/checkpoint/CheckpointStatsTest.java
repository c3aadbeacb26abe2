package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.runtime.checkpoint.CheckpointMetrics;
import org.junit.jupiter.api.Test;

class CheckpointStatsTest {

    @Test
    void withoutCheckpointsEveryFigureIsZero() {
        CheckpointStats stats = new CheckpointStats();
        assertThat(stats.asAccumulators()).containsEntry("checkpoints.completed", 0L).containsEntry("checkpoints.duration-p99-ms", 0L)
                .containsEntry("checkpoints.last-size-bytes", 0L).containsEntry("checkpoints.sync-total-us", 0L)
                .containsEntry("checkpoints.alignment-total-us", 0L).containsEntry("checkpoints.async-total-us", 0L)
                .containsEntry("checkpoints.acknowledgements", 0L).containsEntry("checkpoints.tasks", 0L);
    }

    @Test
    void percentilesAreNearestRankOverAllCompletedCheckpoints() {
        CheckpointStats stats = new CheckpointStats();
        for (int i = 100; i >= 1; i--) {
            stats.completed(i, i * 10L, TaskCheckpointTimes.NONE);
        }
        stats.failed();
        assertThat(stats.durationPercentile(50)).isEqualTo(50);
        assertThat(stats.durationPercentile(99)).isEqualTo(99);
        assertThat(stats.durationPercentile(100)).isEqualTo(100);
        assertThat(stats.asAccumulators()).containsEntry("checkpoints.completed", 100L).containsEntry("checkpoints.failed", 1L)
                .containsEntry("checkpoints.last-size-bytes", 10L).containsEntry("checkpoints.max-size-bytes", 1000L);
    }

    @Test
    void taskTimesAreSummedInNanosecondsOverEveryAcknowledgementAndShownInMicroseconds() {
        CheckpointStats stats = new CheckpointStats();
        // three tasks, each part below a millisecond and none a whole number of microseconds
        TaskCheckpointTimes first = TaskCheckpointTimes.NONE.plus(new CheckpointMetrics(0, 250_400, 900_100, 10))
                .plus(new CheckpointMetrics(0, 180_300, 700_700, 10)).plus(new CheckpointMetrics(40_600, 90_500, 300_300, 10));
        // after one task finished, two
        TaskCheckpointTimes second = TaskCheckpointTimes.NONE.plus(new CheckpointMetrics(0, 200_200, 800_800, 10))
                .plus(new CheckpointMetrics(60_700, 80_800, 200_200, 10));
        stats.completed(12, 30, first);
        stats.completed(15, 20, second);
        stats.failed();

        // sums of nanoseconds, truncated to microseconds once: 802.2 us of sync time, not the 800 us of its parts each truncated
        assertThat(stats.asAccumulators()).containsEntry("checkpoints.sync-total-us", 802L)
                .containsEntry("checkpoints.alignment-total-us", 101L).containsEntry("checkpoints.async-total-us", 2_902L)
                .containsEntry("checkpoints.acknowledgements", 5L).containsEntry("checkpoints.tasks", 3L);
    }

    @Test
    void anAcknowledgementWithoutMetricsCountsButAddsNoTime() {
        TaskCheckpointTimes times = TaskCheckpointTimes.NONE.plus(null).plus(new CheckpointMetrics(1_000, 2_000, 3_000, 4));
        assertThat(times).isEqualTo(new TaskCheckpointTimes(2, 1_000, 2_000, 3_000));
    }
}
