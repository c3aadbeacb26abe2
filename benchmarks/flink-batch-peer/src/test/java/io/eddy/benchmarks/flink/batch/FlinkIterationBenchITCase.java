package io.eddy.benchmarks.flink.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.eddy.benchmarks.data.iteration.ConnectedComponentsReference;
import io.eddy.benchmarks.data.iteration.IterationResults;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.KMeansReference;
import io.eddy.benchmarks.data.iteration.PageRankReference;
import io.eddy.benchmarks.data.iteration.RmatGenerator;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The Flink 1.20 iteration programs on a tiny R-MAT graph and a few points in a local environment, against the one-thread references. */
@Timeout(120)
class FlinkIterationBenchITCase {

    private static final int SCALE = 8;
    private static final long EDGES = 1500;
    private static final long SEED = 5;

    @TempDir
    Path dir;

    private Path edges;

    @BeforeEach
    void writeTheGraph() throws Exception {
        edges = dir.resolve("edges.csv");
        try (OutputStream out = Files.newOutputStream(edges)) {
            RmatGenerator.writeCsv(SCALE, EDGES, SEED, out);
        }
    }

    @Test
    void pageRankRunsEverySuperstepAndComputesTheReferenceRanks() throws Exception {
        Path output = dir.resolve("ranks");
        FlinkPageRank.Outcome o = FlinkPageRank.run(LocalEnvironments.create(2, 64), edges.toString(), 256, 10, output.toString());

        assertThat(o.superstepMillis()).hasSize(10).allMatch(millis -> millis >= 0);
        assertThat(o.netRuntimeMillis()).isPositive();
        double[] expected = PageRankReference.run(RmatGenerator.generateEdges(SCALE, EDGES, SEED), 10, 0).ranks();
        TreeMap<Long, double[]> ranks = IterationResults.read(output);
        assertThat(ranks).hasSize(256);
        for (Map.Entry<Long, double[]> r : ranks.entrySet()) {
            assertThat(r.getValue()[0]).as("rank of %d", r.getKey()).isCloseTo(expected[Math.toIntExact(r.getKey())], within(1e-15));
        }
    }

    @Test
    void bothConnectedComponentsProgramsFindTheReferenceComponentsInItsSupersteps() throws Exception {
        ConnectedComponentsReference.Result expected = ConnectedComponentsReference.run(RmatGenerator.generateEdges(SCALE, EDGES, SEED), 100);
        long checksum = 0;
        for (Map.Entry<Long, Long> c : expected.components().entrySet()) {
            checksum += IterationResults.componentChecksumShare(c.getKey(), c.getValue());
        }
        long components = expected.components().values().stream().distinct().count();
        assertThat(components).as("more than one component").isGreaterThan(1);
        assertThat(expected.supersteps()).as("more than two supersteps").isGreaterThan(2);

        FlinkConnectedComponents.Outcome bulk = FlinkConnectedComponents.runBulk(LocalEnvironments.create(2, 64), edges.toString(), 256, 100);
        FlinkConnectedComponents.Outcome delta = FlinkConnectedComponents.runDelta(LocalEnvironments.create(2, 64), edges.toString(), 256, 100);
        for (FlinkConnectedComponents.Outcome o : new FlinkConnectedComponents.Outcome[] {bulk, delta}) {
            assertThat(o.vertices()).isEqualTo(256);
            assertThat(o.components()).isEqualTo(components);
            assertThat(o.checksum()).isEqualTo(checksum);
            assertThat(o.superstepMillis()).hasSize(expected.supersteps());
        }
    }

    @Test
    void kMeansMovesTheCentroidsAsTheReferenceDoes() throws Exception {
        Path points = dir.resolve("points.csv");
        Path centroids = dir.resolve("centroids.csv");
        try (OutputStream p = Files.newOutputStream(points); OutputStream c = Files.newOutputStream(centroids)) {
            KMeansData.write(2000, 10, 10, SEED, p, c);
        }
        Path output = dir.resolve("centroids-out");
        FlinkKMeans.Outcome o = FlinkKMeans.run(LocalEnvironments.create(2, 64), points.toString(), centroids.toString(), 10, output.toString());

        assertThat(o.superstepMillis()).hasSize(10);
        double[][] expected = KMeansReference.run(KMeansData.generate(2000, 10, 10, SEED), 10);
        TreeMap<Long, double[]> actual = IterationResults.read(output);
        assertThat(actual.keySet()).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        for (Map.Entry<Long, double[]> c : actual.entrySet()) {
            double[] x = expected[Math.toIntExact(c.getKey())];
            assertThat(c.getValue()).hasSize(10);
            for (int d = 0; d < 10; d++) {
                assertThat(c.getValue()[d]).as("coordinate %d of centroid %d", d, c.getKey()).isCloseTo(x[d], within(1e-9));
            }
        }
    }
}
