package io.eddy.benchmarks.data.iteration;

import java.util.Arrays;

/**
 * PageRank in one thread without a framework, as Eddy's example {@code io.eddy.examples.iteration.PageRank}
 * and the Flink peer of the benchmarks compute it: ranks start at {@code 1/N}; each superstep spreads
 * every vertex's rank evenly over its out-edges (duplicates count twice, self loops count) and the
 * rank the dangling vertices (no out-edge) hold in the ranks it reads evenly over all vertices; the
 * loop ends after the superstep whose total change {@code sum |new - old|} is below {@code epsilon},
 * or after {@code maxIterations}. The programs use this class's formulas ({@link #newRank}, {@link
 * #danglingShare}, {@link #initialDanglingMass}, {@link #DAMPING}), so only the order in which a
 * vertex's contributions are added differs (the jobs add them in arrival order): results agree to
 * rounding, far below {@code 1e-9} for graphs of millions of edges.
 */
public final class PageRankReference {

    /** The damping factor: the probability that the random surfer follows a link. */
    public static final double DAMPING = 0.85;

    private PageRankReference() {}

    /**
     * The rank of a vertex whose share of the dangling mass and in-neighbours brought {@code sum}:
     * {@code (1-d)/N + d * sum}.
     */
    public static double newRank(double sum, long vertexCount, double damping) {
        return (1 - damping) / vertexCount + damping * sum;
    }

    /** What each vertex gets of the rank {@code danglingMass} that the dangling vertices hold: {@code danglingMass/N}. */
    public static double danglingShare(double danglingMass, long vertexCount) {
        return danglingMass / vertexCount;
    }

    /**
     * The ranks by vertex id, and the number of supersteps run.
     *
     * @param ranks the rank of vertex {@code v} at index {@code v}
     * @param supersteps how many supersteps ran: {@code maxIterations}, or the one whose total change was below epsilon
     */
    public record Result(double[] ranks, int supersteps) {}

    /** The dangling mass of the initial ranks {@code 1/N}: {@code danglingCount/N}. */
    public static double initialDanglingMass(long danglingCount, long vertexCount) {
        return (double) danglingCount / vertexCount;
    }

    /** PageRank of {@code graph} with damping {@link #DAMPING}. */
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
            Arrays.fill(sum, danglingShare(danglingMass, vertexCount));
            for (int e = 0; e < sources.length; e++) {
                int source = (int) sources[e];
                sum[(int) targets[e]] += rank[source] / outDegree[source];
            }
            double[] next = new double[n];
            double nextDanglingMass = 0;
            double delta = 0;
            for (int v = 0; v < n; v++) {
                next[v] = newRank(sum[v], vertexCount, DAMPING);
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
