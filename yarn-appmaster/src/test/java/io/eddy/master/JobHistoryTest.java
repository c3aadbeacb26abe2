package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link JobHistory}: the latest samples, oldest first, per vertex; the oldest dropped when full. */
class JobHistoryTest {

    @Test
    void keepsTheLatestSamplesOldestFirstPerVertex() {
        JobHistory history = new JobHistory(2, 3);
        assertThat(history.view().times()).isEmpty();
        assertThat(history.view().vertices()).hasSize(2).allSatisfy(s -> assertThat(s.recordsIn()).isEmpty());

        for (int t = 1; t <= 5; t++) {
            // vertex 0: in t, out 10t, waited t ms; vertex 1: in 100t, out 0, waited 0
            history.add(1000L * t, new long[] {t, 10L * t, t * 1_000_000L, 100L * t, 0, 0});
        }
        JobDashboard.History view = history.view();
        assertThat(view.times()).containsExactly(3000L, 4000L, 5000L);
        assertThat(view.vertices().get(0).recordsIn()).containsExactly(3L, 4L, 5L);
        assertThat(view.vertices().get(0).recordsOut()).containsExactly(30L, 40L, 50L);
        assertThat(view.vertices().get(0).backPressuredMillis()).containsExactly(3L, 4L, 5L);
        assertThat(view.vertices().get(1).recordsIn()).containsExactly(300L, 400L, 500L);
        assertThat(view.vertices().get(1).recordsOut()).isEqualTo(List.of(0L, 0L, 0L));
    }

    @Test
    void aSampleOfTheWrongShapeIsABug() {
        JobHistory history = new JobHistory(2, 3);
        assertThatThrownBy(() -> history.add(1, new long[3])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 vertices");
    }
}
