package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.jobgraph.VertexGroup;
import org.junit.jupiter.api.Test;

class KMeansTest {

    /**
     * Points 0, 2, 6 and 8 on the x axis; centroids 0 at 4, 1 at 0, and 2 far away at (100, 100).
     * Point 2 is as near to centroid 0 as to centroid 1 and goes to 0, the lower id.
     */
    private static final KMeansData DATA = new KMeansData(new double[] {0, 2, 6, 8}, new double[] {0, 0, 0, 0},
            new double[] {4, 0, 100}, new double[] {0, 0, 100});

    @Test
    void aTieGoesToTheLowerIdAndAnEmptyClusterKeepsItsCentroid() {
        double[][] c = KMeansReference.run(DATA, 1);
        assertThat(c[0][0]).isCloseTo((2 + 6 + 8) / 3.0, within(1e-15));
        assertThat(c[0][1]).isZero();
        assertThat(c[1]).containsExactly(0, 0);
        assertThat(c[2]).containsExactly(100, 100);
    }

    @Test
    void lloydSettlesOnTheTwoPairs() {
        // Step 2: point 2 is now nearer to centroid 1 (at 0) than to centroid 0 (at 16/3); step 3 changes nothing.
        for (int iterations : new int[] {2, 3, 10}) {
            double[][] c = KMeansReference.run(DATA, iterations);
            assertThat(c[0]).containsExactly(7, 0);
            assertThat(c[1]).containsExactly(1, 0);
            assertThat(c[2]).containsExactly(100, 100);
        }
    }

    @Test
    void nearestIsTheFirstOfEquallyNearCentroids() {
        assertThat(KMeans.nearest(1, 0, new double[] {0, 2, 1}, new double[] {0, 0, 5})).isZero();
        assertThat(KMeans.nearest(1.5, 0, new double[] {0, 2, 1}, new double[] {0, 0, 5})).isEqualTo(1);
    }

    @Test
    void generatedDataIsDeterministic() {
        KMeansData a = KMeansData.generate(100, 4, 7);
        KMeansData b = KMeansData.generate(100, 4, 7);
        assertThat(a.x()).containsExactly(b.x());
        assertThat(a.centroidX()).hasSize(4).containsExactly(a.x()[0], a.x()[1], a.x()[2], a.x()[3]);
    }

    @Test
    void compilesToOneLoopWithTheCentroidsAsBroadcastSet() {
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        VertexGroup loop = IterationPlans.compileToOneLoop(env, KMeans.buildInMemory(env, DATA, 5));
        assertThat(loop.iteration().maxIterations()).isEqualTo(5);
        assertThat(loop.iteration().terminationCriterion()).isFalse();
    }
}
