package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.eddy.api.java.DataSet;
import io.eddy.configuration.Configuration;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.benchmarks.data.iteration.ConnectedComponentsReference;
import io.eddy.benchmarks.data.iteration.KMeansData;
import io.eddy.benchmarks.data.iteration.KMeansReference;
import io.eddy.benchmarks.data.iteration.PageRankReference;
import io.eddy.benchmarks.data.iteration.RmatGenerator;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Runs the iteration examples on the embedded cluster (parallelism 2) on small generated inputs
 * and compares them with their one-thread references. Needs the iteration runtime (docs/iterations.md).
 */
@Timeout(300)
class IterationExamplesITCase {

    private static DataSet<Tuple2<Long, Long>> edges(ExecutionEnvironment env, RmatGenerator.Graph graph) {
        List<Tuple2<Long, Long>> edges = new ArrayList<>();
        for (int i = 0; i < graph.edgeCount(); i++) {
            edges.add(Tuple2.of(graph.sources()[i], graph.targets()[i]));
        }
        return env.fromCollection(edges);
    }

    @Test
    void pageRankMatchesTheReference() throws Exception {
        RmatGenerator.Graph graph = RmatGenerator.generate(7, 4, 11);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<Long, Double>> ranks = PageRank.build(env, edges(env, graph), graph.vertexCount(), 100, 1e-12).collect();

        double[] expected = PageRankReference.run(graph, 100, 1e-12).ranks();
        assertThat(ranks).hasSize(expected.length);
        double[] actual = new double[expected.length];
        ranks.forEach(r -> actual[Math.toIntExact(r.f0)] = r.f1);
        for (int v = 0; v < expected.length; v++) {
            assertThat(actual[v]).as("rank of vertex %d", v).isCloseTo(expected[v], within(1e-9));
        }
    }

    @Test
    void connectedComponentsAsADeltaIterationMatchTheReference() throws Exception {
        RmatGenerator.Graph graph = RmatGenerator.generate(8, 2, 12);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Long> vertices = env.generateSequence(0, graph.vertexCount() - 1);
        List<Tuple2<Long, Long>> components = ConnectedComponents.buildDelta(env, vertices, edges(env, graph), 100).collect();

        Map<Long, Long> actual = new TreeMap<>();
        components.forEach(c -> actual.put(c.f0, c.f1));
        assertThat(components).hasSameSizeAs(actual.keySet());
        TreeMap<Long, Long> expected = ConnectedComponentsReference.run(graph, 100).components();
        assertThat(expected.values().stream().distinct().count()).as("more than one component").isGreaterThan(1);
        assertThat(actual).isEqualTo(expected);
    }

    /**
     * With 4 MiB of managed memory the head's share (a few pages per lane) cannot hold the solution
     * set of 2^15 vertices: its partitions move to disk and the loop goes on (see the log line "moved
     * a partition to disk"); the result is still exact.
     */
    @Test
    void aManagedSolutionSetLargerThanItsMemorySpillsAndTheResultIsExact() throws Exception {
        RmatGenerator.Graph graph = RmatGenerator.generate(15, 2, 21);
        Configuration configuration = new Configuration();
        configuration.setString("worker.memory.managed.size", "4m");
        configuration.setString("worker.memory.page-size", "4k");
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(2);
        DataSet<Long> vertices = env.generateSequence(0, graph.vertexCount() - 1);
        List<Tuple2<Long, Long>> components = ConnectedComponents.buildDelta(env, vertices, edges(env, graph), 100).collect();

        Map<Long, Long> actual = new TreeMap<>();
        components.forEach(c -> actual.put(c.f0, c.f1));
        assertThat(components).hasSameSizeAs(actual.keySet());
        assertThat(actual).isEqualTo(ConnectedComponentsReference.run(graph, 100).components());
    }

    @Test
    void connectedComponentsMatchTheReference() throws Exception {
        RmatGenerator.Graph graph = RmatGenerator.generate(7, 2, 12);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        DataSet<Long> vertices = env.generateSequence(0, graph.vertexCount() - 1);
        List<Tuple2<Long, Long>> components = ConnectedComponents.build(env, vertices, edges(env, graph), 100).collect();

        Map<Long, Long> actual = new TreeMap<>();
        components.forEach(c -> actual.put(c.f0, c.f1));
        assertThat(components).hasSameSizeAs(actual.keySet());
        TreeMap<Long, Long> expected = ConnectedComponentsReference.run(graph, 100).components();
        assertThat(expected.values().stream().distinct().count()).as("more than one component").isGreaterThan(1);
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void kMeansMatchesTheReference() throws Exception {
        KMeansData data = KMeansData.generate(500, 3, 4, 13);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<Integer, double[]>> centroids = KMeans.buildInMemory(env, data, 8).collect();

        double[][] expected = KMeansReference.run(data, 8);
        assertThat(centroids).hasSize(expected.length);
        for (Tuple2<Integer, double[]> c : centroids) {
            assertThat(c.f1).as("centroid %d", c.f0).hasSize(3);
            for (int d = 0; d < 3; d++) {
                assertThat(c.f1[d]).as("coordinate %d of centroid %d", d, c.f0).isCloseTo(expected[c.f0][d], within(1e-9));
            }
        }
    }

    @Test
    void transitiveClosureMatchesTheReference() throws Exception {
        RmatGenerator.Graph graph = RmatGenerator.generate(5, 2, 14);
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(2);
        List<Tuple2<Long, Long>> paths = TransitiveClosure.build(env, edges(env, graph), edges(env, graph), 100).collect();

        List<String> actual = paths.stream().map(p -> p.f0 + "->" + p.f1).sorted().toList();
        List<String> expected = TransitiveClosureReference.run(graph.sources(), graph.targets(), 100).paths().stream()
                .map(p -> p[0] + "->" + p[1]).sorted().toList();
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void streamingCollatzMatchesTheOneThreadCount() throws Exception {
        int n = 2_000;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.setBufferTimeout(1);
        Map<Long, Integer> steps = new TreeMap<>();
        try (CloseableIterator<Tuple2<Long, Integer>> it = StreamingCollatz.build(env.fromSequence(1, n), 1_000).executeAndCollect()) {
            while (it.hasNext()) {
                Tuple2<Long, Integer> t = it.next();
                assertThat(steps.put(t.f0, t.f1)).as("number %d left the loop twice", t.f0).isNull();
            }
        }
        assertThat(steps).hasSize(n);
        steps.forEach((number, s) -> assertThat(s).as("steps of %d", number).isEqualTo(StreamingCollatz.steps(number)));
    }
}
