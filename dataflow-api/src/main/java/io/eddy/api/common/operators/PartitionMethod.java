package io.eddy.api.common.operators;

/** How a {@link PartitionOperatorBase} distributes its input over the subtasks of the next operator. */
public enum PartitionMethod {
    /** By the hash of the key: equal keys in one partition. */
    HASH,
    /** By ranges of the key (ascending), boundaries taken from a sample: equal keys in one partition, partitions ordered. */
    RANGE,
    /** Round-robin, to even out skew; no keys. */
    REBALANCE,
    /** By a user {@code Partitioner} over the key a key selector extracts; no key fields. */
    CUSTOM
}
