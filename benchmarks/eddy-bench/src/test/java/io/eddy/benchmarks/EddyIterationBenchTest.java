package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.eddy.benchmarks.data.iteration.ConnectedComponentsReference;
import io.eddy.benchmarks.data.iteration.IterationResults;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.KMeansReference;
import io.eddy.benchmarks.data.iteration.PageRankReference;
import io.eddy.benchmarks.data.iteration.RmatGenerator;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Eddy's iteration benchmark commands on a tiny R-MAT graph and a few points, against the one-thread references. */
@Timeout(120)
class EddyIterationBenchTest {

    private static final int SCALE = 8;
    private static final long EDGES = 1500;
    private static final long SEED = 5;

    @TempDir
    Path dir;

    /** Runs {@code eddy-batch-bench args...} in this JVM; returns its RESULT line after checking the exit code. */
    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int code;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            code = new CommandLine(new EddyBatchBench()).execute(args);
        } finally {
            System.setOut(original);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as("exit code; printed: %s", printed).isZero();
        return printed.lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElseThrow();
    }

    private static String field(String line, String name) {
        Matcher m = Pattern.compile(" " + name + "=([^ ]*)").matcher(line);
        assertThat(m.find()).as("%s in %s", name, line).isTrue();
        return m.group(1);
    }

    private Path edges() throws Exception {
        Path file = dir.resolve("edges.csv");
        try (OutputStream out = Files.newOutputStream(file)) {
            RmatGenerator.writeCsv(SCALE, EDGES, SEED, out);
        }
        return file;
    }

    @Test
    void pageRankRunsTenSuperstepsAndWritesTheReferenceRanks() throws Exception {
        Path output = dir.resolve("ranks");
        String line = run("pagerank", "--edges", edges().toString(), "--vertices", "256", "--iterations", "10", "--output", output.toString());

        assertThat(line).matches("RESULT name=pagerank system=eddy rate=\\d+ edges=1500 vertices=256 supersteps=10 superstep_ms=(\\d+,){9}\\d+"
                + " parallelism=2 seconds=[0-9.]+");
        double[] expected = PageRankReference.run(RmatGenerator.generateEdges(SCALE, EDGES, SEED), 10, 0).ranks();
        TreeMap<Long, double[]> ranks = IterationResults.read(output);
        assertThat(ranks).hasSize(256);
        for (Map.Entry<Long, double[]> r : ranks.entrySet()) {
            assertThat(r.getValue()[0]).as("rank of %d", r.getKey()).isCloseTo(expected[Math.toIntExact(r.getKey())], within(1e-15));
        }
    }

    @Test
    void connectedComponentsBulkFindsTheReferenceComponentsInItsSupersteps() throws Exception {
        String line = run("connected-components-bulk", "--edges", edges().toString(), "--vertices", "256");

        ConnectedComponentsReference.Result expected = ConnectedComponentsReference.run(RmatGenerator.generateEdges(SCALE, EDGES, SEED), 100);
        long checksum = 0;
        for (Map.Entry<Long, Long> c : expected.components().entrySet()) {
            checksum += IterationResults.componentChecksumShare(c.getKey(), c.getValue());
        }
        long components = expected.components().values().stream().distinct().count();
        assertThat(components).as("more than one component").isGreaterThan(1);
        assertThat(line).startsWith("RESULT name=connected-components-bulk system=eddy rate=")
                .contains(" edges=1500 vertices=256 components=" + components + " checksum=" + checksum + " supersteps=" + expected.supersteps() + " ");
        assertThat(field(line, "superstep_ms").split(",")).hasSize(expected.supersteps());
    }

    @Test
    void connectedComponentsDeltaFindsTheSameComponentsInAsManySupersteps() throws Exception {
        String line = run("connected-components", "--edges", edges().toString(), "--vertices", "256");

        ConnectedComponentsReference.Result expected = ConnectedComponentsReference.run(RmatGenerator.generateEdges(SCALE, EDGES, SEED), 100);
        long checksum = 0;
        for (Map.Entry<Long, Long> c : expected.components().entrySet()) {
            checksum += IterationResults.componentChecksumShare(c.getKey(), c.getValue());
        }
        long components = expected.components().values().stream().distinct().count();
        assertThat(line).startsWith("RESULT name=connected-components system=eddy rate=")
                .contains(" edges=1500 vertices=256 components=" + components + " checksum=" + checksum + " supersteps=" + expected.supersteps() + " ");
    }

    @Test
    void kMeansMovesTheCentroidsAsTheReferenceDoes() throws Exception {
        Path points = dir.resolve("points.csv");
        Path centroids = dir.resolve("centroids.csv");
        try (OutputStream p = Files.newOutputStream(points); OutputStream c = Files.newOutputStream(centroids)) {
            KMeansData.write(2000, 10, 10, SEED, p, c);
        }
        Path output = dir.resolve("centroids-out");
        String line = run("kmeans", "--points", points.toString(), "--centroids", centroids.toString(), "--iterations", "10", "--output",
                output.toString());

        assertThat(line).matches("RESULT name=kmeans system=eddy rate=\\d+ points=2000 k=10 supersteps=10 superstep_ms=(\\d+,){9}\\d+"
                + " parallelism=2 seconds=[0-9.]+");
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

    @Test
    void aMissingInputIsAUsageError() {
        assertThat(new CommandLine(new EddyBatchBench()).execute("pagerank", "--edges", dir.resolve("none.csv").toString(), "--vertices", "4",
                "--output", dir.resolve("out").toString())).isEqualTo(2);
    }
}
