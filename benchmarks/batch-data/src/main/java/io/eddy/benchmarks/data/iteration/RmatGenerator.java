package io.eddy.benchmarks.data.iteration;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Deterministic R-MAT graphs (Chakrabarti, Zhan, Faloutsos 2004) for the iteration examples, their
 * tests and the iteration benchmarks: {@code 2^scale} vertices {@code 0 .. 2^scale - 1} and a given
 * number of directed edges. Each edge picks one quadrant of the adjacency matrix per bit of the
 * vertex ids with probabilities {@code a, b, c, d} (0.57, 0.19, 0.19, 0.05), which gives the skewed
 * degrees of real graphs: a few hubs, many vertices of small degree, some isolated vertices and
 * dangling vertices (no out-edge). Duplicate edges and self loops are kept, so the programs have to
 * (and do) handle them. Plain Java, no Eddy or Flink imports; the same scale and seed always give the
 * same edges in the same order, so the first {@code m} edges of a larger graph are the graph of
 * {@code m} edges, and {@link #writeCsv(int, long, long, OutputStream)} writes exactly the edges of
 * {@link #generateEdges}.
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
                    writeEdge(out, sources[i], targets[i]);
                }
            }
        }
    }

    /** Receives generated edges in order. */
    @FunctionalInterface
    private interface EdgeConsumer {
        void accept(int index, long source, long target) throws IOException;
    }

    /** An R-MAT graph of {@code 2^scale} vertices and {@code edgeFactor * 2^scale} edges. */
    public static Graph generate(int scale, int edgeFactor, long seed) {
        checkScale(scale);
        if (edgeFactor < 1) {
            throw new IllegalArgumentException("R-MAT edge factor: " + edgeFactor + " (expected: at least 1 edge per vertex)");
        }
        return generateEdges(scale, (1L << scale) * edgeFactor, seed);
    }

    /** An R-MAT graph of {@code 2^scale} vertices and {@code edgeCount} edges, held in memory. */
    public static Graph generateEdges(int scale, long edgeCount, long seed) {
        checkScale(scale);
        if (edgeCount < 0 || edgeCount > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("R-MAT graph of scale " + scale + " with " + edgeCount
                    + " edges (expected: 0 to " + (Integer.MAX_VALUE - 8) + " edges in memory; write larger graphs with writeCsv)");
        }
        long[] sources = new long[(int) edgeCount];
        long[] targets = new long[(int) edgeCount];
        try {
            forEachEdge(scale, edgeCount, seed, (i, source, target) -> {
                sources[i] = source;
                targets[i] = target;
            });
        } catch (IOException e) {
            throw new IllegalStateException("Bug: an in-memory edge consumer threw " + e, e);
        }
        return new Graph(1L << scale, sources, targets);
    }

    /**
     * Writes the {@code source,target} lines of the graph {@link #generateEdges generateEdges(scale,
     * edgeCount, seed)} to {@code out} without holding the edges in memory; does not close {@code out}.
     */
    public static void writeCsv(int scale, long edgeCount, long seed, OutputStream out) throws IOException {
        checkScale(scale);
        if (edgeCount < 0) {
            throw new IllegalArgumentException("R-MAT edge count: " + edgeCount + " (expected: 0 or more)");
        }
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
        forEachEdge(scale, edgeCount, seed, (i, source, target) -> writeEdge(writer, source, target));
        writer.flush();
    }

    private static void writeEdge(Writer out, long source, long target) throws IOException {
        out.write(Long.toString(source));
        out.write(',');
        out.write(Long.toString(target));
        out.write('\n');
    }

    private static void checkScale(int scale) {
        if (scale < 1 || scale > 40) {
            throw new IllegalArgumentException("R-MAT scale: " + scale + " (expected: 1 to 40, the graph has 2^scale vertices)");
        }
    }

    /** The one generation loop: edge {@code i} from its {@code scale} draws of the seeded random sequence. */
    private static void forEachEdge(int scale, long edgeCount, long seed, EdgeConsumer consumer) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        for (long i = 0; i < edgeCount; i++) {
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
            consumer.accept((int) Math.min(i, Integer.MAX_VALUE), source, target);
        }
    }
}
