package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.partition.ResultPartitionId;
import java.util.BitSet;
import java.util.Objects;

/**
 * The result partition a task writes for one of its output edges.
 *
 * @param partitionId the id of the partition, computed by the master so that consumers find it
 * @param numberOfSubpartitions one per consumer subtask
 * @param consumerMaxParallelism the consumer vertex's maximum parallelism (its number of key
 *     groups), which a {@code HASH} edge needs to route keys to the subtask that owns their state
 * @param objectSubpartitions the subpartitions whose consumer runs in the producer's worker and reads
 *     the records as objects (local object channels); their consumers' {@code InputChannelSpec}s
 *     have {@code objects} set
 */
public record OutputPartitionSpec(ResultPartitionId partitionId, int numberOfSubpartitions, int consumerMaxParallelism, BitSet objectSubpartitions) {

    public OutputPartitionSpec {
        Objects.requireNonNull(partitionId, "partitionId");
        if (numberOfSubpartitions < 1) {
            throw new IllegalArgumentException("number of subpartitions of " + partitionId + ": " + numberOfSubpartitions + " (expected: >= 1)");
        }
        if (consumerMaxParallelism < numberOfSubpartitions) {
            throw new IllegalArgumentException("consumer max parallelism of " + partitionId + ": " + consumerMaxParallelism
                    + " (expected: >= the number of subpartitions " + numberOfSubpartitions + ")");
        }
        objectSubpartitions = (BitSet) Objects.requireNonNull(objectSubpartitions, "objectSubpartitions").clone();
        if (objectSubpartitions.length() > numberOfSubpartitions) {
            throw new IllegalArgumentException("object subpartitions " + objectSubpartitions + " of " + partitionId + " (expected: below "
                    + numberOfSubpartitions + ")");
        }
    }

    /** A partition whose subpartitions are all serialized. */
    public OutputPartitionSpec(ResultPartitionId partitionId, int numberOfSubpartitions, int consumerMaxParallelism) {
        this(partitionId, numberOfSubpartitions, consumerMaxParallelism, new BitSet());
    }

    @Override
    public BitSet objectSubpartitions() {
        return (BitSet) objectSubpartitions.clone();
    }

    /** Whether subpartition {@code index} is handed over as objects. */
    public boolean isObjectSubpartition(int index) {
        return objectSubpartitions.get(index);
    }
}
