package io.eddy.jobgraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The contract between the API and the runtime: vertices (operator chains with their parallelism),
 * the edges between them, and groups of vertices placed or run together. Vertices are in
 * topological order of the forward edges, so {@code vertices().get(i)} has id {@code i} and every
 * edge but a {@link EdgeRole#FEEDBACK} one goes from a lower to a higher id; a feedback edge goes
 * back (or to its own vertex) within one {@link VertexGroup.Kind#ITERATION} or {@link
 * VertexGroup.Kind#STREAM_LOOP} group, closing a loop.
 *
 * <p>Sent from the client to the master with {@link JobGraphCodec}; user functions stay opaque
 * bytes until a worker reads them with the job's class loader.
 *
 * @param jobId the job's id
 * @param name the job's name, as given to {@code execute(name)}
 * @param vertices the vertices in topological order
 * @param edges all edges
 * @param bufferTimeoutMillis how long a partly filled network buffer may wait before it is sent:
 *     0 sends after every record, -1 only when full
 * @param serializerConfigBytes the Java-serialized {@code SerializerConfig} (Kryo registrations)
 * @param settings further job settings, keyed like configuration options
 * @param groups the vertex groups; a vertex is in at most one group of each kind
 */
public record JobGraph(
        JobId jobId,
        String name,
        List<JobVertex> vertices,
        List<JobEdge> edges,
        long bufferTimeoutMillis,
        byte[] serializerConfigBytes,
        Map<String, String> settings,
        List<VertexGroup> groups) {

    public JobGraph {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(name, "name");
        vertices = List.copyOf(vertices);
        edges = List.copyOf(edges);
        Objects.requireNonNull(serializerConfigBytes, "serializerConfigBytes");
        settings = Map.copyOf(settings);
        if (bufferTimeoutMillis < -1) {
            throw new IllegalArgumentException("buffer timeout: " + bufferTimeoutMillis + " ms (expected: -1, 0 or a positive number of milliseconds)");
        }
        for (int i = 0; i < vertices.size(); i++) {
            if (vertices.get(i).id().index() != i) {
                throw new IllegalArgumentException("Bug: vertex " + vertices.get(i).name() + " at position " + i + " has id " + vertices.get(i).id());
            }
        }
        groups = List.copyOf(groups);
        validateGroups(groups, vertices);
        for (JobEdge e : edges) {
            if (e.source().index() >= vertices.size() || e.target().index() >= vertices.size()) {
                throw new IllegalArgumentException("Bug: edge " + e + " points outside the graph");
            }
            if (e.role().isForward() && e.source().index() >= e.target().index()) {
                throw new IllegalArgumentException("Bug: the " + e.role() + " edge " + e + " is not in topological order");
            }
            if (e.role() == EdgeRole.SOLUTION_SET) {
                VertexGroup loop = groupOf(groups, e.target(), VertexGroup.Kind.ITERATION);
                if (loop == null || loop.contains(e.source()) || loop.iteration().kind() != IterationSpec.Kind.DELTA
                        || !loop.iteration().headVertex().equals(e.target()) || e.targetInput() != 0) {
                    throw new IllegalArgumentException("Bug: the solution-set edge " + e + " must come from outside a delta iteration"
                            + " group into input 0 of its head vertex");
                }
            }
            if (!e.role().isForward()) {
                validateFeedbackEdge(e, groups, vertices);
            }
            if (e.superstepBuffered()) {
                VertexGroup loop = groupOf(groups, e.target(), VertexGroup.Kind.ITERATION);
                if (loop == null || !loop.contains(e.source())) {
                    throw new IllegalArgumentException("Bug: the superstep-buffered edge " + e + " must connect two vertices of one iteration group");
                }
            }
        }
    }

    /**
     * A feedback edge goes back (or to its own vertex) within one loop, from a vertex of the head's
     * parallelism: to the spec's head vertex of an {@code ITERATION} group, or to a member of a
     * {@code STREAM_LOOP} group (whose members have one parallelism).
     */
    private static void validateFeedbackEdge(JobEdge e, List<VertexGroup> groups, List<JobVertex> vertices) {
        VertexGroup loop = groupOf(groups, e.target(), VertexGroup.Kind.ITERATION);
        if (loop == null) {
            loop = groupOf(groups, e.target(), VertexGroup.Kind.STREAM_LOOP);
        }
        if (e.source().index() < e.target().index() || loop == null || !loop.contains(e.source())) {
            throw new IllegalArgumentException("Bug: the feedback edge " + e
                    + " must go back to a vertex of the same iteration group (or stream loop group) as its source");
        }
        boolean toHead = loop.iteration() == null || loop.iteration().headVertex().equals(e.target());
        if (!toHead || vertices.get(e.source().index()).parallelism() != vertices.get(e.target().index()).parallelism()) {
            throw new IllegalArgumentException("Bug: the feedback edge " + e + " of loop '" + loop.name() + "' must go to the loop's head"
                    + " vertex" + (loop.iteration() == null ? "" : " " + loop.iteration().headVertex()) + " from a vertex of equal parallelism"
                    + " (lane i's tail hands its records to lane i's head)");
        }
    }

    /** A graph without vertex groups. */
    public JobGraph(JobId jobId, String name, List<JobVertex> vertices, List<JobEdge> edges, long bufferTimeoutMillis,
            byte[] serializerConfigBytes, Map<String, String> settings) {
        this(jobId, name, vertices, edges, bufferTimeoutMillis, serializerConfigBytes, settings, List.of());
    }

    private static void validateGroups(List<VertexGroup> groups, List<JobVertex> vertices) {
        Set<String> names = new HashSet<>();
        for (VertexGroup g : groups) {
            if (!names.add(g.name())) {
                throw new IllegalArgumentException("Bug: two vertex groups are named '" + g.name() + "'");
            }
            int parallelism = -1;
            for (JobVertexId member : g.members()) {
                if (member.index() >= vertices.size()) {
                    throw new IllegalArgumentException("Bug: vertex group '" + g.name() + "' names " + member + ", which is not in the graph");
                }
                VertexGroup other = groupOf(groups, member, g.kind());
                if (other != g) {
                    throw new IllegalArgumentException("Bug: vertex " + member + " is in the " + g.kind() + " groups '" + other.name()
                            + "' and '" + g.name() + "'");
                }
                int p = vertices.get(member.index()).parallelism();
                if (g.kind() != VertexGroup.Kind.ITERATION && parallelism != -1 && p != parallelism) {
                    throw new IllegalArgumentException("Vertex group '" + g.name() + "' (" + g.kind() + ") holds vertices of parallelism "
                            + parallelism + " and " + p + ": the subtasks of its vertices run together, so they need one parallelism");
                }
                parallelism = p;
            }
        }
    }

    private static VertexGroup groupOf(List<VertexGroup> groups, JobVertexId vertex, VertexGroup.Kind kind) {
        for (VertexGroup g : groups) {
            if (g.kind() == kind && g.contains(vertex)) {
                return g;
            }
        }
        return null;
    }

    /** The group of {@code kind} that {@code vertex} belongs to, if any. */
    public Optional<VertexGroup> groupOf(JobVertexId vertex, VertexGroup.Kind kind) {
        return Optional.ofNullable(groupOf(groups, vertex, kind));
    }

    public JobVertex vertex(JobVertexId id) {
        return vertices.get(id.index());
    }

    /**
     * The edges consumed by {@code vertex} over the network, ordered by input gate index: every
     * edge into it but a {@link EdgeRole#FEEDBACK} one (a loop's tail hands its records to the head
     * through the lane's back channel, see {@link #feedbackEdges()}).
     */
    public List<JobEdge> inputsOf(JobVertexId vertex) {
        List<JobEdge> result = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.target().equals(vertex) && e.role() != EdgeRole.FEEDBACK) {
                result.add(e);
            }
        }
        result.sort(Comparator.comparingInt(JobEdge::targetGateIndex));
        return result;
    }

    /**
     * The edges produced by {@code vertex} over the network, ordered by output (result partition)
     * index: every edge out of it but a {@link EdgeRole#FEEDBACK} one.
     */
    public List<JobEdge> outputsOf(JobVertexId vertex) {
        List<JobEdge> result = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.source().equals(vertex) && e.role() != EdgeRole.FEEDBACK) {
                result.add(e);
            }
        }
        result.sort(Comparator.comparingInt(JobEdge::sourceOutputIndex));
        return result;
    }

    /**
     * The feedback edges: each links a loop's tail vertex to its head vertex within one iteration or
     * stream loop group. No network channel carries them; the master and the workers create neither
     * partitions nor gates for them.
     */
    public List<JobEdge> feedbackEdges() {
        return edges.stream().filter(e -> e.role() == EdgeRole.FEEDBACK).toList();
    }

    /** The total number of tasks (subtasks of all vertices). */
    public int numberOfTasks() {
        return vertices.stream().mapToInt(JobVertex::parallelism).sum();
    }
}
