package io.eddy.benchmarks.data.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectedComponentsReferenceTest {

    /** 1 - 2 - 3 (a path), 5 -> 4, 6 alone, 7 with a self loop. */
    private static final long[] VERTICES = {1, 2, 3, 4, 5, 6, 7};
    private static final long[] SOURCES = {1, 3, 5, 7};
    private static final long[] TARGETS = {2, 2, 4, 7};

    @Test
    void referenceFindsTheComponentsAndStopsAfterASuperstepWithoutChange() {
        ConnectedComponentsReference.Result r = ConnectedComponentsReference.run(VERTICES, SOURCES, TARGETS, 100);
        assertThat(r.components()).isEqualTo(Map.of(1L, 1L, 2L, 1L, 3L, 1L, 4L, 4L, 5L, 4L, 6L, 6L, 7L, 7L));
        // Superstep 1: 2 and 3 take 1 and 2, 5 takes 4; superstep 2: 3 takes 1; superstep 3 changes nothing.
        assertThat(r.supersteps()).isEqualTo(3);
    }

    @Test
    void maxIterationsEndsTheLoopEarly() {
        ConnectedComponentsReference.Result r = ConnectedComponentsReference.run(VERTICES, SOURCES, TARGETS, 1);
        assertThat(r.supersteps()).isEqualTo(1);
        assertThat(r.components()).containsEntry(3L, 2L).containsEntry(2L, 1L).containsEntry(5L, 4L);
    }

    @Test
    void anEndpointOutsideTheVerticesIsRefused() {
        assertThatThrownBy(() -> ConnectedComponentsReference.run(new long[] {1}, new long[] {1}, new long[] {9}, 5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 - 9");
    }
}
