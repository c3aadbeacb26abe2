package io.eddy.examples.iteration;

import java.util.Arrays;

/**
 * {@link PageRank} in one thread without a framework: the same supersteps, the same handling of
 * dangling vertices (the dangling mass of the ranks a superstep reads is spread in that superstep),
 * the same formulas ({@link PageRank#danglingShare}, {@link PageRank#newRank}) and the same convergence test. Only the order in
 * which a vertex's contributions are added differs (the job adds them in arrival order), so results
 * agree to rounding, far below {@code 1e-9} for graphs of millions of edges.
 */
public final class PageRankReference {

    private PageRankReference() {}

    /**
     * The ranks by vertex id, and the number of supersteps run.
     *
     * @param ranks the rank of vertex {@code v} at index {@code v}
     * @param supersteps how many supersteps ran: {@code maxIterations}, or the one whose total change was below epsilon
     */
    public record Result(double[] ranks, int supersteps) {}

    /** The dangling mass of the initial ranks {@code 1/N}: {@code danglingCount/N}. */
    static double initialDanglingMass(long danglingCount, long vertexCount) {
        return (double) danglingCount / vertexCount;
    }

    /** PageRank of {@code graph} with damping {@link PageRank#DAMPING}, as {@link PageRank#build} computes it. */
    public static Result run(RmatGenerator.Graph graph, int maxIterations, double epsilon) {
        return run(graph.vertexCount(), graph.sources(), graph.targets(), maxIterations, epsilon);
    }

    /** PageRank of the graph of edges {@code sources[i] -> targets[i]} over vertices {@code 0 .. vertexCount-1}. */
    public static Result run(long vertexCount, long[] sources, long[] targets, int maxIterations, double epsilon) {
        int n = Math.toIntExact(vertexCount);
        int[] outDegree = new int[n];
        for (long source : sources) {
            outDegree[checkVertex(source, n)]++;
        }
        for (long target : targets) {
            checkVertex(target, n);
        }
        long danglingCount = Arrays.stream(outDegree).filter(d -> d == 0).count();
        double[] rank = new double[n];
        Arrays.fill(rank, 1.0 / vertexCount);
        double danglingMass = initialDanglingMass(danglingCount, vertexCount);
        int superstep = 0;
        while (superstep < maxIterations) {
            superstep++;
            double[] sum = new double[n];
            Arrays.fill(sum, PageRank.danglingShare(danglingMass, vertexCount));
            for (int e = 0; e < sources.length; e++) {
                int source = (int) sources[e];
                sum[(int) targets[e]] += rank[source] / outDegree[source];
            }
            double[] next = new double[n];
            double nextDanglingMass = 0;
            double delta = 0;
            for (int v = 0; v < n; v++) {
                next[v] = PageRank.newRank(sum[v], vertexCount, PageRank.DAMPING);
                if (outDegree[v] == 0) {
                    nextDanglingMass += next[v];
                }
                delta += Math.abs(next[v] - rank[v]);
            }
            rank = next;
            danglingMass = nextDanglingMass;
            if (delta < epsilon) {
                break;
            }
        }
        return new Result(rank, superstep);
    }

    private static int checkVertex(long vertex, int vertexCount) {
        if (vertex < 0 || vertex >= vertexCount) {
            throw new IllegalArgumentException("PageRank: vertex " + vertex + " of an edge is outside 0 .. " + (vertexCount - 1)
                    + "; the vertex count must cover every id");
        }
        return (int) vertex;
    }
}
