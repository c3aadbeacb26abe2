package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple4;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.jobgraph.VertexGroup;
import org.junit.jupiter.api.Test;

/** The plan and the functions of {@link KMeans}; its reference's steps are tested with the reference (benchmarks/batch-data). */
class KMeansTest {

    private static final double[] NONE = new double[0];

    @Test
    void compilesToOneLoopWithTheCentroidsAsBroadcastSet() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        VertexGroup loop = IterationPlans.compileToOneLoop(env, KMeans.buildInMemory(env, KMeansData.generate(20, 3, 2, 1), 5));
        assertThat(loop.iteration().maxIterations()).isEqualTo(5);
        assertThat(loop.iteration().terminationCriterion()).isFalse();
    }

    @Test
    void theSumAddsPointsIntoNewArraysAndKeepsTheOldPosition() {
        double[] p = {1, 2};
        double[] q = {3, 5};
        KMeans.Sum sum = new KMeans.Sum();
        Tuple4<Integer, double[], Long, double[]> s = sum.reduce(Tuple4.of(0, p, 1L, NONE), Tuple4.of(0, q, 1L, NONE));
        s = sum.reduce(s, Tuple4.of(0, NONE, 0L, new double[] {9, 9}));
        assertThat(s.f1).containsExactly(4, 7);
        assertThat(s.f2).isEqualTo(2);
        assertThat(s.f3).containsExactly(9, 9);
        assertThat(p).as("an emitted point is never changed").containsExactly(1, 2);
        assertThat(new KMeans.Mean().map(s).f1).containsExactly(2, 3.5);
        assertThat(new KMeans.Mean().map(Tuple4.of(1, NONE, 0L, new double[] {9, 9})).f1).as("no point: the old position").containsExactly(9, 9);
        assertThatThrownBy(() -> sum.reduce(Tuple4.of(0, p, 1L, NONE), Tuple4.of(0, new double[] {1}, 1L, NONE)))
                .hasMessageContaining("points of 2 and 1 coordinates");
    }
}
