package io.eddy.executor;

import io.eddy.jobgraph.JobId;
import java.util.List;
import java.util.Objects;

/**
 * A job as its master sees it at one moment (docs/monitoring.md, "Job details"): the job's state
 * and, per job vertex in graph order, its subtasks' states and its input splits.
 *
 * @param id the job id
 * @param name the job name
 * @param status the job's state, a {@code JobStatus} name ({@code CREATED}, {@code RUNNING},
 *     {@code FAILING}, {@code CANCELLING}, {@code FINISHED}, {@code FAILED}, {@code CANCELED})
 * @param startTime when the master accepted the job, in epoch milliseconds
 * @param endTime when the job ended, in epoch milliseconds, or -1 while it runs
 * @param vertices the job's vertices, in the order of its graph
 * @param checkpointsCompleted the checkpoints the job completed (savepoints not counted), or -1 if
 *     it takes no periodic checkpoints
 * @param checkpointsFailed the checkpoints of the job that failed
 */
public record JobDetails(JobId id, String name, String status, long startTime, long endTime, List<VertexDetails> vertices,
        long checkpointsCompleted, long checkpointsFailed) {

    public JobDetails {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(status, "status");
        vertices = List.copyOf(vertices);
    }

    /** A job that takes no periodic checkpoints. */
    public JobDetails(JobId id, String name, String status, long startTime, long endTime, List<VertexDetails> vertices) {
        this(id, name, status, startTime, endTime, vertices, -1, 0);
    }

    /** Whether the job takes periodic checkpoints. */
    public boolean checkpoints() {
        return checkpointsCompleted >= 0;
    }

    /**
     * One job vertex: how many of its subtasks are in each state and, for a batch source, how many
     * of its input splits have been read to their end.
     *
     * @param name the vertex's name (its chain of operators)
     * @param parallelism its number of subtasks
     * @param created subtasks not running yet (waiting for their slot, their region or their deployment)
     * @param running subtasks running
     * @param finished subtasks finished
     * @param canceled subtasks canceled
     * @param failed subtasks failed
     * @param splits the input splits of its batch source, or -1 if it reads none
     * @param splitsDone how many of them were read to their end (0 where {@code splits} is -1)
     * @param recordsIn the records its subtasks read from their inputs, summed over the subtasks'
     *     latest attempts, as last reported by their workers (about a second old while they run)
     * @param recordsOut the records its subtasks wrote to their output edges, summed likewise
     * @param spilledBytes the bytes its subtasks wrote to spill files (sorts, hash tables, blocking
     *     results), summed likewise
     */
    public record VertexDetails(String name, int parallelism, int created, int running, int finished, int canceled, int failed,
            int splits, int splitsDone, long recordsIn, long recordsOut, long spilledBytes) {

        /** A vertex that spilled nothing. */
        public VertexDetails(String name, int parallelism, int created, int running, int finished, int canceled, int failed, int splits,
                int splitsDone, long recordsIn, long recordsOut) {
            this(name, parallelism, created, running, finished, canceled, failed, splits, splitsDone, recordsIn, recordsOut, 0);
        }

        public VertexDetails {
            Objects.requireNonNull(name, "name");
            if (created + running + finished + canceled + failed != parallelism) {
                throw new IllegalArgumentException("Vertex '" + name + "': " + created + " + " + running + " + " + finished + " + "
                        + canceled + " + " + failed + " subtasks by state, but parallelism " + parallelism);
            }
            if (recordsIn < 0 || recordsOut < 0 || spilledBytes < 0) {
                throw new IllegalArgumentException("Vertex '" + name + "': " + recordsIn + " records in, " + recordsOut + " out, "
                        + spilledBytes + " bytes spilled");
            }
            if (splits < -1 || splitsDone < 0 || splitsDone > Math.max(splits, 0)) {
                throw new IllegalArgumentException("Vertex '" + name + "': " + splitsDone + " of " + splits + " splits done");
            }
        }

        /** Whether the vertex reads input splits (its head is a batch source). */
        public boolean readsSplits() {
            return splits >= 0;
        }
    }
}
