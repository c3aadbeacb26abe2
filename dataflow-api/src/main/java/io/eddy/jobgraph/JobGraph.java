package io.eddy.jobgraph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The contract between the API and the runtime: vertices (operator chains with their parallelism)
 * and the data edges between them. Vertices are in topological order, so {@code vertices().get(i)}
 * has id {@code i} and every edge goes from a lower to a higher id.
 *
 * <p>Sent from the client to the master with {@link JobGraphCodec}; user functions stay opaque
 * bytes until a worker reads them with the job's class loader.
 *
 * @param jobId the job's id
 * @param name the job's name, as given to {@code execute(name)}
 * @param vertices the vertices in topological order
 * @param edges all data edges
 * @param bufferTimeoutMillis how long a partly filled network buffer may wait before it is sent:
 *     0 sends after every record, -1 only when full
 * @param serializerConfigBytes the Java-serialized {@code SerializerConfig} (Kryo registrations)
 * @param settings further job settings, keyed like configuration options
 */
public record JobGraph(
        JobId jobId,
        String name,
        List<JobVertex> vertices,
        List<JobEdge> edges,
        long bufferTimeoutMillis,
        byte[] serializerConfigBytes,
        Map<String, String> settings) {

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
        for (JobEdge e : edges) {
            if (e.source().index() >= e.target().index() || e.target().index() >= vertices.size()) {
                throw new IllegalArgumentException("Bug: edge " + e + " is not in topological order or points outside the graph");
            }
        }
    }

    public JobVertex vertex(JobVertexId id) {
        return vertices.get(id.index());
    }

    /** The edges consumed by {@code vertex}, ordered by input gate index. */
    public List<JobEdge> inputsOf(JobVertexId vertex) {
        List<JobEdge> result = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.target().equals(vertex)) {
                result.add(e);
            }
        }
        result.sort(Comparator.comparingInt(JobEdge::targetGateIndex));
        return result;
    }

    /** The edges produced by {@code vertex}, ordered by output (result partition) index. */
    public List<JobEdge> outputsOf(JobVertexId vertex) {
        List<JobEdge> result = new ArrayList<>();
        for (JobEdge e : edges) {
            if (e.source().equals(vertex)) {
                result.add(e);
            }
        }
        result.sort(Comparator.comparingInt(JobEdge::sourceOutputIndex));
        return result;
    }

    /** The total number of tasks (subtasks of all vertices). */
    public int numberOfTasks() {
        return vertices.stream().mapToInt(JobVertex::parallelism).sum();
    }
}
