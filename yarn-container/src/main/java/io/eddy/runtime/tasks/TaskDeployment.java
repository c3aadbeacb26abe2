package io.eddy.runtime.tasks;

import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.iteration.IterationResume;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a worker needs to run one subtask of a job vertex: the operator chain, where its
 * inputs come from and where its outputs go. Built by the master.
 *
 * @param jobId the job
 * @param jobName the job's name, for logs
 * @param vertex the job vertex whose chain the task runs
 * @param subtaskIndex the index of this parallel subtask, from 0
 * @param attempt how many times this subtask was restarted before; 0 on the first run
 * @param inputEdges the vertex's input edges, ordered by gate index
 * @param inputChannels per input gate (same order as {@code inputEdges}): one channel per producer
 *     subtask; its subpartition is this subtask's index (or the producer's index for {@code FORWARD})
 * @param outputEdges the vertex's output edges, ordered by output index
 * @param outputPartitions per output edge (same order as {@code outputEdges}): the partition to write
 * @param bufferTimeoutMillis the network buffer timeout: 0 flushes after every record, -1 only full buffers
 * @param serializerConfigBytes the Java-serialized {@code SerializerConfig} of the job
 * @param userCodeClassLoader the class loader of the job's classes
 * @param settings the job's settings ({@code JobGraph.settings()}): checkpointing mode and storage
 * @param restoreOrNull the state to restore (from a checkpoint or savepoint), or null for a fresh start
 * @param iterationOrNull the {@link VertexGroup.Kind#ITERATION} group the vertex is a member of (the
 *     task then runs superstep after superstep, docs/iterations.md), or null outside loops
 * @param iterationResumeOrNull where the task's loop resumes after an iteration snapshot, or null
 *     when it starts at superstep 1 (always null outside loops)
 */
public record TaskDeployment(
        JobId jobId,
        String jobName,
        JobVertex vertex,
        int subtaskIndex,
        int attempt,
        List<JobEdge> inputEdges,
        List<List<InputChannelSpec>> inputChannels,
        List<JobEdge> outputEdges,
        List<OutputPartitionSpec> outputPartitions,
        long bufferTimeoutMillis,
        byte[] serializerConfigBytes,
        ClassLoader userCodeClassLoader,
        Map<String, String> settings,
        TaskRestore restoreOrNull,
        VertexGroup iterationOrNull,
        IterationResume iterationResumeOrNull) {

    /** A deployment of a vertex outside loops. */
    public TaskDeployment(JobId jobId, String jobName, JobVertex vertex, int subtaskIndex, int attempt, List<JobEdge> inputEdges,
            List<List<InputChannelSpec>> inputChannels, List<JobEdge> outputEdges, List<OutputPartitionSpec> outputPartitions,
            long bufferTimeoutMillis, byte[] serializerConfigBytes, ClassLoader userCodeClassLoader, Map<String, String> settings,
            TaskRestore restoreOrNull) {
        this(jobId, jobName, vertex, subtaskIndex, attempt, inputEdges, inputChannels, outputEdges, outputPartitions, bufferTimeoutMillis,
                serializerConfigBytes, userCodeClassLoader, settings, restoreOrNull, null, null);
    }

    /** A deployment without job settings and without state to restore (tests). */
    public TaskDeployment(JobId jobId, String jobName, JobVertex vertex, int subtaskIndex, int attempt, List<JobEdge> inputEdges,
            List<List<InputChannelSpec>> inputChannels, List<JobEdge> outputEdges, List<OutputPartitionSpec> outputPartitions,
            long bufferTimeoutMillis, byte[] serializerConfigBytes, ClassLoader userCodeClassLoader) {
        this(jobId, jobName, vertex, subtaskIndex, attempt, inputEdges, inputChannels, outputEdges, outputPartitions, bufferTimeoutMillis,
                serializerConfigBytes, userCodeClassLoader, Map.of(), null, null, null);
    }

    public TaskDeployment {
        settings = Map.copyOf(settings);
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(vertex, "vertex");
        Objects.requireNonNull(serializerConfigBytes, "serializerConfigBytes");
        Objects.requireNonNull(userCodeClassLoader, "userCodeClassLoader");
        if (iterationResumeOrNull != null && iterationOrNull == null) {
            throw new IllegalArgumentException("Bug: task " + vertex.name() + " (" + subtaskIndex + ") resumes a loop but is in no iteration group");
        }
        inputEdges = List.copyOf(inputEdges);
        inputChannels = inputChannels.stream().map(List::copyOf).toList();
        outputEdges = List.copyOf(outputEdges);
        outputPartitions = List.copyOf(outputPartitions);
        if (subtaskIndex < 0 || subtaskIndex >= vertex.parallelism()) {
            throw new IllegalArgumentException("subtask index of '" + vertex.name() + "': " + subtaskIndex
                    + " (expected: 0 to " + (vertex.parallelism() - 1) + ")");
        }
        if (inputChannels.size() != inputEdges.size()) {
            throw new IllegalArgumentException("Bug: '" + vertex.name() + "' has " + inputEdges.size() + " input edges but channels for "
                    + inputChannels.size() + " gates");
        }
        if (iterationOrNull != null && (iterationOrNull.kind() != VertexGroup.Kind.ITERATION || !iterationOrNull.contains(vertex.id()))) {
            throw new IllegalArgumentException("Bug: '" + vertex.name() + "' is deployed as a member of group '" + iterationOrNull.name()
                    + "' (" + iterationOrNull.kind() + ", members " + iterationOrNull.members() + "), which is not an iteration group holding it");
        }
        if (outputPartitions.size() != outputEdges.size()) {
            throw new IllegalArgumentException("Bug: '" + vertex.name() + "' has " + outputEdges.size() + " output edges but "
                    + outputPartitions.size() + " output partitions");
        }
    }

    /** The id of the task this deployment starts. */
    public TaskId taskId() {
        return new TaskId(jobId, vertex.id().index(), subtaskIndex, attempt);
    }

    /** Whether the task runs in a loop: its vertex is a member of an iteration group. */
    public boolean inIteration() {
        return iterationOrNull != null;
    }

    /**
     * Whether the task's input gate over {@code edge} is <em>dynamic</em>: it carries a new superstep
     * after each superstep (its producer is in the same loop); otherwise it is static, read in
     * superstep 1 only. False outside loops.
     */
    public boolean isDynamic(JobEdge edge) {
        return iterationOrNull != null && iterationOrNull.contains(edge.source());
    }

    /** Whether this task runs the loop's head operator (its vertex is the iteration's head vertex). */
    public boolean isIterationHead() {
        return iterationOrNull != null && iterationOrNull.iteration().headVertex().equals(vertex.id());
    }

    /** The task name with the subtask, e.g. {@code "Source -> Map (2/4)"}. */
    public String taskNameWithSubtask() {
        return vertex.name() + " (" + (subtaskIndex + 1) + "/" + vertex.parallelism() + ")";
    }
}
