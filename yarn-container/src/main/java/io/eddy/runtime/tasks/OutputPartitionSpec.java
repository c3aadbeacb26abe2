package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.ResultPartitionId;
import java.util.Objects;

/**
 * The result partition a task writes for one of its output edges.
 *
 * @param partitionId the id of the partition, computed by the master so that consumers find it
 * @param numberOfSubpartitions one per consumer subtask
 * @param consumerMaxParallelism the consumer vertex's maximum parallelism (its number of key
 *     groups), which a {@code HASH} edge needs to route keys to the subtask that owns their state
 */
public record OutputPartitionSpec(ResultPartitionId partitionId, int numberOfSubpartitions, int consumerMaxParallelism) {

    public OutputPartitionSpec {
        Objects.requireNonNull(partitionId, "partitionId");
        if (numberOfSubpartitions < 1) {
            throw new IllegalArgumentException("number of subpartitions of " + partitionId + ": " + numberOfSubpartitions + " (expected: >= 1)");
        }
        if (consumerMaxParallelism < numberOfSubpartitions) {
            throw new IllegalArgumentException("consumer max parallelism of " + partitionId + ": " + consumerMaxParallelism
                    + " (expected: >= the number of subpartitions " + numberOfSubpartitions + ")");
        }
    }
}
