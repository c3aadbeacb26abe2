package io.eddy.api.common.functions;

/**
 * Picks the partition of a key for {@code DataSet.partitionCustom}: {@link #partition} returns a
 * value in {@code [0, numPartitions)}, the same for equal keys in every JVM (records are routed by
 * it on every producer). An index outside that range fails the job, naming the partitioner.
 *
 * @param <K> the type of the key
 */
@FunctionalInterface
public interface Partitioner<K> extends Function {

    /** The partition of {@code key}, in {@code [0, numPartitions)}. */
    int partition(K key, int numPartitions);
}
