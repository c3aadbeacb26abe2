package io.eddy.runtime.cluster;

import io.eddy.jobgraph.JobId;
import java.util.Objects;

/**
 * One line of a job listing.
 *
 * @param id the job id
 * @param name the job name
 * @param status its current state
 * @param startTime when the master accepted it, in epoch milliseconds
 * @param tasks the number of tasks (subtasks of all vertices)
 */
public record JobSummary(JobId id, String name, JobStatus status, long startTime, int tasks) {

    public JobSummary {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
    }
}
