package io.eddy.benchmarks.data.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RmatGeneratorTest {

    @TempDir
    Path dir;

    @Test
    void graphsAreDeterministicAndInRange() throws IOException {
        RmatGenerator.Graph a = RmatGenerator.generate(6, 3, 9);
        RmatGenerator.Graph b = RmatGenerator.generate(6, 3, 9);
        assertThat(a.vertexCount()).isEqualTo(64);
        assertThat(a.edgeCount()).isEqualTo(192);
        assertThat(a.sources()).containsExactly(b.sources());
        assertThat(a.targets()).containsExactly(b.targets());
        assertThat(LongStream.concat(Arrays.stream(a.sources()), Arrays.stream(a.targets()))).allMatch(v -> v >= 0 && v < 64);
        Path file = dir.resolve("g.csv");
        a.writeCsv(file);
        assertThat(Files.readAllLines(file)).hasSize(192).first().isEqualTo(a.sources()[0] + "," + a.targets()[0]);
    }

    @Test
    void anEdgeCountGivesThePrefixOfTheLargerGraph() {
        RmatGenerator.Graph byFactor = RmatGenerator.generate(5, 4, 3);
        RmatGenerator.Graph byCount = RmatGenerator.generateEdges(5, 100, 3);
        assertThat(byCount.vertexCount()).isEqualTo(32);
        assertThat(byCount.sources()).containsExactly(Arrays.copyOf(byFactor.sources(), 100));
        assertThat(byCount.targets()).containsExactly(Arrays.copyOf(byFactor.targets(), 100));
    }

    @Test
    void theStreamedCsvHoldsTheEdgesOfTheGraphInMemory() throws IOException {
        RmatGenerator.Graph graph = RmatGenerator.generateEdges(8, 1000, 5);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RmatGenerator.writeCsv(8, 1000, 5, out);
        Path file = dir.resolve("g.csv");
        graph.writeCsv(file);
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo(Files.readString(file));
    }

    @Test
    void theGraphIsSkewedWithDanglingAndIsolatedVertices() {
        RmatGenerator.Graph graph = RmatGenerator.generate(10, 8, 1);
        int[] outDegree = new int[1024];
        boolean[] touched = new boolean[1024];
        for (int e = 0; e < graph.edgeCount(); e++) {
            outDegree[(int) graph.sources()[e]]++;
            touched[(int) graph.sources()[e]] = true;
            touched[(int) graph.targets()[e]] = true;
        }
        assertThat(Arrays.stream(outDegree).max().orElseThrow()).as("a hub").isGreaterThan(100);
        assertThat(Arrays.stream(outDegree).filter(d -> d == 0).count()).as("dangling vertices").isGreaterThan(10);
        int isolated = 0;
        for (boolean t : touched) {
            isolated += t ? 0 : 1;
        }
        assertThat(isolated).as("isolated vertices").isPositive();
    }

    @Test
    void outOfRangeArgumentsAreRefused() {
        assertThatThrownBy(() -> RmatGenerator.generate(0, 8, 1)).hasMessageContaining("scale: 0");
        assertThatThrownBy(() -> RmatGenerator.generate(4, 0, 1)).hasMessageContaining("edge factor: 0");
        assertThatThrownBy(() -> RmatGenerator.generateEdges(31, 1L << 31, 1)).hasMessageContaining("writeCsv");
    }
}
