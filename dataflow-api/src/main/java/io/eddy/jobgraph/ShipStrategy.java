package io.eddy.jobgraph;

/** Which consumer subtask (subpartition) each record of an edge goes to. */
public enum ShipStrategy {
    /** Producer subtask i sends to consumer subtask i; both sides have equal parallelism. */
    FORWARD,
    /** By key: the key's hash picks a key group, the key group picks the consumer subtask ({@link KeyGroups}). */
    HASH,
    /** Every record to every consumer subtask. */
    BROADCAST,
    /** Round-robin over consumer subtasks. */
    REBALANCE,
    /** A uniformly random consumer subtask per record. */
    SHUFFLE,
    /**
     * By an index the producer computed: the record is a {@code Tuple2<Integer, T>} whose field 0
     * is the consumer subtask (a range partition, see {@code docs/optimizer.md}).
     */
    PARTITION_BY_INDEX
}
