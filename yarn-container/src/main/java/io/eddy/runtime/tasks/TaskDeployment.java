package io.eddy.runtime.tasks;

import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.checkpoint.TaskRestore;
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
        TaskRestore restoreOrNull) {

    /** A deployment without job settings and without state to restore (tests). */
    public TaskDeployment(JobId jobId, String jobName, JobVertex vertex, int subtaskIndex, int attempt, List<JobEdge> inputEdges,
            List<List<InputChannelSpec>> inputChannels, List<JobEdge> outputEdges, List<OutputPartitionSpec> outputPartitions,
            long bufferTimeoutMillis, byte[] serializerConfigBytes, ClassLoader userCodeClassLoader) {
        this(jobId, jobName, vertex, subtaskIndex, attempt, inputEdges, inputChannels, outputEdges, outputPartitions, bufferTimeoutMillis,
                serializerConfigBytes, userCodeClassLoader, Map.of(), null);
    }

    public TaskDeployment {
        settings = Map.copyOf(settings);
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(jobName, "jobName");
        Objects.requireNonNull(vertex, "vertex");
        Objects.requireNonNull(serializerConfigBytes, "serializerConfigBytes");
        Objects.requireNonNull(userCodeClassLoader, "userCodeClassLoader");
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
        if (outputPartitions.size() != outputEdges.size()) {
            throw new IllegalArgumentException("Bug: '" + vertex.name() + "' has " + outputEdges.size() + " output edges but "
                    + outputPartitions.size() + " output partitions");
        }
    }

    /** The id of the task this deployment starts. */
    public TaskId taskId() {
        return new TaskId(jobId, vertex.id().index(), subtaskIndex, attempt);
    }

    /** The task name with the subtask, e.g. {@code "Source -> Map (2/4)"}. */
    public String taskNameWithSubtask() {
        return vertex.name() + " (" + (subtaskIndex + 1) + "/" + vertex.parallelism() + ")";
    }
}
