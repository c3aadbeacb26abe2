package io.eddy.jobgraph;

import java.util.List;
import java.util.Objects;

/**
 * A vertex of the job graph: a chain of operators that runs as one task per parallel subtask.
 * The first operator of the chain is its head: it receives the vertex's input gates (or is a
 * source); the others receive records from operators of the same chain.
 *
 * @param id the vertex id: its position in the graph's topological order
 * @param name the task name, e.g. {@code "Source: numbers -> Map"}
 * @param parallelism the number of parallel subtasks
 * @param maxParallelism the number of key groups of keyed state in this vertex
 * @param chain the operators, head first
 */
public record JobVertex(JobVertexId id, String name, int parallelism, int maxParallelism, List<OperatorSpec> chain) {

    public JobVertex {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism of '" + name + "': " + parallelism + " (expected: >= 1)");
        }
        if (maxParallelism < parallelism || maxParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("max parallelism of '" + name + "': " + maxParallelism
                    + " (expected: between the parallelism " + parallelism + " and " + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("Bug: vertex '" + name + "' has no operators");
        }
    }

    public OperatorSpec head() {
        return chain.get(0);
    }

    public boolean isSource() {
        return OperatorKinds.SOURCE.name().equals(head().kind());
    }
}
