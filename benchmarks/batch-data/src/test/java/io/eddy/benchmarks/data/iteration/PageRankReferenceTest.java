package io.eddy.benchmarks.data.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PageRankReferenceTest {

    /** 0 -> 1, 0 -> 2, 1 -> 2: vertex 0 has no in-edge, vertex 2 is dangling. */
    private static final long[] SOURCES = {0, 0, 1};
    private static final long[] TARGETS = {1, 2, 2};

    @Test
    void oneSuperstepSpreadsRankAndTheInitialDanglingMass() {
        PageRankReference.Result r = PageRankReference.run(3, SOURCES, TARGETS, 1, 0);
        assertThat(r.supersteps()).isEqualTo(1);
        // (1-d)/N = 0.05; the dangling vertex 2 holds 1/3, so every vertex gets 0.85 * (1/3)/3 = 0.85/9 of it.
        assertThat(r.ranks()[0]).isCloseTo(0.05 + 0.85 / 9, within(1e-15));
        assertThat(r.ranks()[1]).isCloseTo(0.05 + 0.85 * (1.0 / 6 + 1.0 / 9), within(1e-15));
        assertThat(r.ranks()[2]).isCloseTo(0.05 + 0.85 * (1.0 / 6 + 1.0 / 3 + 1.0 / 9), within(1e-15));
        assertThat(Arrays.stream(r.ranks()).sum()).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void theConvergedRanksSolveThePageRankEquations() {
        PageRankReference.Result r = PageRankReference.run(3, SOURCES, TARGETS, 1000, 1e-14);
        assertThat(r.supersteps()).isBetween(10, 999);
        double a = r.ranks()[0];
        double b = r.ranks()[1];
        double c = r.ranks()[2];
        // The dangling mass is c, spread as c/3 to everyone.
        assertThat(a).isCloseTo(0.05 + 0.85 * (c / 3), within(1e-12));
        assertThat(b).isCloseTo(0.05 + 0.85 * (a / 2 + c / 3), within(1e-12));
        assertThat(c).isCloseTo(0.05 + 0.85 * (a / 2 + b + c / 3), within(1e-12));
        assertThat(a + b + c).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void aLargeEpsilonStopsAfterTheFirstSuperstep() {
        assertThat(PageRankReference.run(3, SOURCES, TARGETS, 50, 10).supersteps()).isEqualTo(1);
    }

    @Test
    void ranksOfAnRmatGraphSumToOne() {
        RmatGenerator.Graph graph = RmatGenerator.generate(8, 4, 3);
        PageRankReference.Result r = PageRankReference.run(graph, 40, 1e-12);
        assertThat(Arrays.stream(r.ranks()).sum()).isCloseTo(1.0, within(1e-12));
        assertThat(Arrays.stream(r.ranks()).min().orElseThrow()).isGreaterThanOrEqualTo(0.15 / 256);
    }

    @Test
    void anEdgeOutsideTheVertexRangeIsRefused() {
        assertThatThrownBy(() -> PageRankReference.run(2, new long[] {0}, new long[] {2}, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("vertex 2");
    }

    @Test
    void withEpsilonZeroEveryIterationRuns() {
        assertThat(PageRankReference.run(3, SOURCES, TARGETS, 1000, 0).supersteps()).isEqualTo(1000);
    }
}
