package io.eddy.benchmarks.data.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KMeansReferenceTest {

    /**
     * Points 0, 2, 6 and 8 on the x axis (in two dimensions); centroids 0 at 4, 1 at 0, and 2 far
     * away at (100, 100). Point 2 is as near to centroid 0 as to centroid 1 and goes to 0, the lower id.
     */
    private static final KMeansData DATA = new KMeansData(new double[][] {{0, 0}, {2, 0}, {6, 0}, {8, 0}},
            new double[][] {{4, 0}, {0, 0}, {100, 100}});

    @Test
    void aTieGoesToTheLowerIdAndAnEmptyClusterKeepsItsCentroid() {
        double[][] c = KMeansReference.run(DATA, 1);
        assertThat(c[0][0]).isCloseTo((2 + 6 + 8) / 3.0, within(1e-15));
        assertThat(c[0][1]).isZero();
        assertThat(c[1]).containsExactly(0, 0);
        assertThat(c[2]).containsExactly(100, 100);
        assertThat(DATA.centroids()[0]).as("the input is not changed").containsExactly(4, 0);
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
        double[][] centroids = {{0, 0, 0}, {2, 0, 0}, {1, 5, 0}};
        assertThat(KMeansReference.nearest(new double[] {1, 0, 0}, centroids)).isZero();
        assertThat(KMeansReference.nearest(new double[] {1.5, 0, 0}, centroids)).isEqualTo(1);
        assertThat(KMeansReference.nearest(new double[] {1, 0, 0}, new double[0][])).isEqualTo(-1);
        assertThatThrownBy(() -> KMeansReference.nearest(new double[] {1, 0}, centroids)).hasMessageContaining("same number of coordinates");
    }

    @Test
    void generatedDataIsDeterministicAndTheFirstKPointsAreTheCentroids() {
        KMeansData a = KMeansData.generate(100, 10, 4, 7);
        KMeansData b = KMeansData.generate(100, 10, 4, 7);
        assertThat(a.points().length).isEqualTo(100);
        assertThat(a.points()[99]).hasSize(10);
        assertThat(a.points()).isDeepEqualTo(b.points());
        assertThat(a.centroids()).isDeepEqualTo(new double[][] {a.points()[0], a.points()[1], a.points()[2], a.points()[3]});
        assertThat(KMeansData.generate(4, 10, 4, 7).points()).as("the first points do not depend on the count").isDeepEqualTo(a.centroids());
    }

    @Test
    void theTextFormReadsBackExactly() throws IOException {
        KMeansData data = KMeansData.generate(50, 3, 5, 9);
        ByteArrayOutputStream points = new ByteArrayOutputStream();
        ByteArrayOutputStream centroids = new ByteArrayOutputStream();
        KMeansData.write(50, 3, 5, 9, points, centroids);
        String[] pointLines = points.toString(StandardCharsets.US_ASCII).split("\n");
        String[] centroidLines = centroids.toString(StandardCharsets.US_ASCII).split("\n");
        assertThat(pointLines).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(KMeansData.parsePoint(pointLines[i])).containsExactly(data.points()[i]);
        }
        assertThat(centroidLines).hasSize(5);
        for (int c = 0; c < 5; c++) {
            assertThat(KMeansData.centroidId(centroidLines[c])).isEqualTo(c);
            assertThat(KMeansData.centroidPosition(centroidLines[c])).containsExactly(data.centroids()[c]);
        }
        KMeansData.write(5, 3, 5, 9, OutputStream.nullOutputStream(), centroids);
        assertThat(centroids.toString(StandardCharsets.US_ASCII).split("\n")).as("centroids alone, written again").hasSize(10)
                .endsWith(centroidLines);
    }

    @Test
    void aLineThatIsNotAPointIsRefusedWithTheLine() {
        assertThatThrownBy(() -> KMeansData.parsePoint("1.0,x,3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1.0,x,3'").hasMessageContaining("coordinate 2");
        assertThatThrownBy(() -> KMeansData.centroidPosition("7")).hasMessageContaining("no coordinates");
    }
}
