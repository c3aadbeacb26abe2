package io.eddy.runtime.tasks;

import io.eddy.jobgraph.JobId;
import java.util.Objects;

/**
 * Names one attempt of one parallel subtask of a job vertex.
 *
 * @param job the job the task belongs to
 * @param vertex the index of the job vertex ({@code JobVertexId.index()})
 * @param subtask the index of the parallel subtask, from 0
 * @param attempt how many times this subtask was restarted before; 0 on the first run
 */
public record TaskId(JobId job, int vertex, int subtask, int attempt) {

    public TaskId {
        Objects.requireNonNull(job, "job");
        if (vertex < 0 || subtask < 0 || attempt < 0) {
            throw new IllegalArgumentException("task id: vertex " + vertex + ", subtask " + subtask + ", attempt " + attempt
                    + " (expected: all >= 0)");
        }
    }

    /** {@code v<vertex>#<subtask>.<attempt>}, e.g. {@code v2#1.0}. */
    @Override
    public String toString() {
        return "v" + vertex + "#" + subtask + "." + attempt;
    }
}
