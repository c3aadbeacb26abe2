package io.eddy.runtime.io.network.partition;

import io.eddy.jobgraph.JobId;

/**
 * Names one producer subtask's partition of one produced edge. The master computes these ids, so
 * that producer and consumers agree on them.
 *
 * @param job the job
 * @param vertex index of the producing vertex in the job graph
 * @param output index of the produced edge among the vertex's outputs
 * @param subtask the producing subtask
 * @param attempt the execution attempt of the producing subtask (restarts get new partitions)
 */
public record ResultPartitionId(JobId job, int vertex, int output, int subtask, int attempt) {

    @Override
    public String toString() {
        return "partition(job " + job + ", vertex " + vertex + ", output " + output + ", subtask " + subtask + ", attempt " + attempt + ")";
    }
}
