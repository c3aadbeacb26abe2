package io.eddy.jobgraph;

import java.io.Serializable;

/** The id of a vertex within its job graph: its position in the graph's topological order. */
public record JobVertexId(int index) implements Serializable {

    public JobVertexId {
        if (index < 0) {
            throw new IllegalArgumentException("index: " + index + " (expected: >= 0)");
        }
    }

    @Override
    public String toString() {
        return "v" + index;
    }
}
