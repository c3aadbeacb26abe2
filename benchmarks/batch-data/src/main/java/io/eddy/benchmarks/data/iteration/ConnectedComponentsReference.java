package io.eddy.benchmarks.data.iteration;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Connected components in one thread, as Eddy's example {@code io.eddy.examples.iteration.ConnectedComponents}
 * and the Flink peer compute them (edges taken as undirected, each vertex labelled with the smallest
 * vertex id of its component): the same supersteps of label propagation (each vertex takes the
 * smallest component among itself and its neighbours of the previous superstep), the same end (the
 * first superstep without a change, or {@code maxIterations}). A delta iteration that sends only the
 * vertices changed in the previous superstep reaches the same components in the same number of
 * supersteps: its workset runs empty in the first superstep without a change.
 */
public final class ConnectedComponentsReference {

    private ConnectedComponentsReference() {}

    /**
     * @param components the smallest vertex id of each vertex's component, by vertex
     * @param supersteps how many supersteps ran (the last one changed nothing unless {@code maxIterations} ended the loop)
     */
    public record Result(TreeMap<Long, Long> components, int supersteps) {}

    /** The components of {@code graph} (vertices {@code 0 .. N-1}). */
    public static Result run(RmatGenerator.Graph graph, int maxIterations) {
        long[] vertices = new long[Math.toIntExact(graph.vertexCount())];
        for (int v = 0; v < vertices.length; v++) {
            vertices[v] = v;
        }
        return run(vertices, graph.sources(), graph.targets(), maxIterations);
    }

    /**
     * The components of the undirected graph of {@code vertices} and edges {@code sources[i] -
     * targets[i]}.
     *
     * @throws IllegalArgumentException if an edge's endpoint is not among the vertices
     */
    public static Result run(long[] vertices, long[] sources, long[] targets, int maxIterations) {
        Map<Long, Long> components = new HashMap<>();
        for (long v : vertices) {
            components.put(v, v);
        }
        for (int e = 0; e < sources.length; e++) {
            if (!components.containsKey(sources[e]) || !components.containsKey(targets[e])) {
                throw new IllegalArgumentException("Connected components: edge " + sources[e] + " - " + targets[e]
                        + " has an endpoint that is not a vertex; the vertices must include every endpoint");
            }
        }
        int superstep = 0;
        while (superstep < maxIterations) {
            superstep++;
            Map<Long, Long> next = new HashMap<>(components);
            for (int e = 0; e < sources.length; e++) {
                next.merge(targets[e], components.get(sources[e]), Math::min);
                next.merge(sources[e], components.get(targets[e]), Math::min);
            }
            boolean changed = !next.equals(components);
            components = next;
            if (!changed) {
                break;
            }
        }
        return new Result(new TreeMap<>(components), superstep);
    }
}
