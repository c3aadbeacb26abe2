package io.eddy.examples.iteration;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Deterministic R-MAT graphs (Chakrabarti, Zhan, Faloutsos 2004) for the iteration examples, their
 * tests and benchmarks: {@code 2^scale} vertices {@code 0 .. 2^scale - 1} and {@code edgeFactor *
 * 2^scale} directed edges. Each edge picks one quadrant of the adjacency matrix per bit of the
 * vertex ids with probabilities {@code a, b, c, d} (0.57, 0.19, 0.19, 0.05 by default), which gives
 * the skewed degrees of real graphs: a few hubs, many vertices of small degree, some isolated
 * vertices and dangling vertices (no out-edge). Duplicate edges and self loops are kept, so the
 * examples have to (and do) handle them. Plain Java without Eddy imports; the same seed always
 * gives the same edges in the same order.
 */
public final class RmatGenerator {

    /** The usual R-MAT quadrant probabilities (Graph500 uses the same). */
    public static final double A = 0.57;
    public static final double B = 0.19;
    public static final double C = 0.19;

    private RmatGenerator() {}

    /**
     * A directed graph as two parallel arrays: edge {@code i} goes from {@code sources[i]} to
     * {@code targets[i]}; vertices are {@code 0 .. vertexCount - 1}.
     */
    public record Graph(long vertexCount, long[] sources, long[] targets) {

        /** The number of edges. */
        public int edgeCount() {
            return sources.length;
        }

        /** Writes one {@code source,target} line per edge: the CSV the examples read with {@code --edges}. */
        public void writeCsv(Path file) throws IOException {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                for (int i = 0; i < sources.length; i++) {
                    out.write(Long.toString(sources[i]));
                    out.write(',');
                    out.write(Long.toString(targets[i]));
                    out.write('\n');
                }
            }
        }
    }

    /** An R-MAT graph of {@code 2^scale} vertices and {@code edgeFactor * 2^scale} edges with the default probabilities. */
    public static Graph generate(int scale, int edgeFactor, long seed) {
        if (scale < 1 || scale > 40) {
            throw new IllegalArgumentException("R-MAT scale: " + scale + " (expected: 1 to 40, the graph has 2^scale vertices)");
        }
        if (edgeFactor < 1) {
            throw new IllegalArgumentException("R-MAT edge factor: " + edgeFactor + " (expected: at least 1 edge per vertex)");
        }
        long vertices = 1L << scale;
        long edges = vertices * edgeFactor;
        if (edges > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("R-MAT graph of scale " + scale + " and edge factor " + edgeFactor + " has " + edges
                    + " edges, more than an array holds; lower the scale");
        }
        SplittableRandom random = new SplittableRandom(seed);
        long[] sources = new long[(int) edges];
        long[] targets = new long[(int) edges];
        for (int i = 0; i < edges; i++) {
            long source = 0;
            long target = 0;
            for (int bit = scale - 1; bit >= 0; bit--) {
                double p = random.nextDouble();
                if (p >= A + B + C) {
                    source |= 1L << bit;
                    target |= 1L << bit;
                } else if (p >= A + B) {
                    source |= 1L << bit;
                } else if (p >= A) {
                    target |= 1L << bit;
                }
            }
            sources[i] = source;
            targets[i] = target;
        }
        return new Graph(vertices, sources, targets);
    }
}
