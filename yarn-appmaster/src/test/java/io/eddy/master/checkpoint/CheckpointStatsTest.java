package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CheckpointStatsTest {

    @Test
    void withoutCheckpointsEveryFigureIsZero() {
        CheckpointStats stats = new CheckpointStats();
        assertThat(stats.asAccumulators()).containsEntry("checkpoints.completed", 0L).containsEntry("checkpoints.duration-p99-ms", 0L)
                .containsEntry("checkpoints.last-size-bytes", 0L);
    }

    @Test
    void percentilesAreNearestRankOverAllCompletedCheckpoints() {
        CheckpointStats stats = new CheckpointStats();
        for (int i = 100; i >= 1; i--) {
            stats.completed(i, i * 10L);
        }
        stats.failed();
        assertThat(stats.durationPercentile(50)).isEqualTo(50);
        assertThat(stats.durationPercentile(99)).isEqualTo(99);
        assertThat(stats.durationPercentile(100)).isEqualTo(100);
        assertThat(stats.asAccumulators()).containsEntry("checkpoints.completed", 100L).containsEntry("checkpoints.failed", 1L)
                .containsEntry("checkpoints.last-size-bytes", 10L).containsEntry("checkpoints.max-size-bytes", 1000L);
    }
}
