package io.eddy.runtime.cluster;

import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.tasks.OutputPartitionSpec;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * What the master decides about one task (master → worker); the worker adds what it knows from
 * the job graph it received with {@link WorkerGateway#prepareJob} (the vertex, its edges, the
 * buffer timeout, the class loader) to make a {@code TaskDeployment}.
 *
 * <p>Channel rule: for a {@code FORWARD} edge, consumer subtask i has one channel, reading
 * subpartition 0 of producer subtask i's one-subpartition partition; for every other ship strategy,
 * consumer subtask i has one channel per producer subtask p, reading subpartition i of p's
 * partition, which has one subpartition per consumer subtask.
 *
 * @param task the task to start (job, vertex index, subtask, attempt)
 * @param inputChannels per input gate (ordered by gate index): its channels
 * @param outputPartitions per output edge (ordered by output index): the partition to write
 * @param restoreOrNull the state to restore (from a checkpoint or savepoint), or null for a fresh start
 * @param iterationResumeOrNull for a task of a loop that resumes after an iteration snapshot: where it
 *     resumes; null for a loop that starts at superstep 1 and for tasks outside loops
 */
public record TaskDeploymentSpec(TaskId task, List<List<InputChannelSpec>> inputChannels, List<OutputPartitionSpec> outputPartitions,
        TaskRestore restoreOrNull, IterationResume iterationResumeOrNull) {

    public TaskDeploymentSpec {
        Objects.requireNonNull(task, "task");
        inputChannels = inputChannels.stream().map(List::copyOf).toList();
        outputPartitions = List.copyOf(outputPartitions);
    }

    /** A deployment that resumes no loop. */
    public TaskDeploymentSpec(TaskId task, List<List<InputChannelSpec>> inputChannels, List<OutputPartitionSpec> outputPartitions,
            TaskRestore restoreOrNull) {
        this(task, inputChannels, outputPartitions, restoreOrNull, null);
    }

    /** A deployment without state to restore. */
    public TaskDeploymentSpec(TaskId task, List<List<InputChannelSpec>> inputChannels, List<OutputPartitionSpec> outputPartitions) {
        this(task, inputChannels, outputPartitions, null, null);
    }

    /** This deployment, resuming its loop at {@code resume}. */
    public TaskDeploymentSpec withIterationResume(IterationResume resume) {
        return new TaskDeploymentSpec(task, inputChannels, outputPartitions, restoreOrNull, resume);
    }
}
