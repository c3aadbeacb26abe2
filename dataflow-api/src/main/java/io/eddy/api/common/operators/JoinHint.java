package io.eddy.api.common.operators;

/**
 * How a join should run, if the program knows better than the optimizer's size estimates. With
 * {@link #OPTIMIZER_CHOOSES} (the default) the optimizer decides from the inputs' estimates.
 */
public enum JoinHint {
    /** The optimizer picks ship and local strategies from its cost model. */
    OPTIMIZER_CHOOSES,
    /** The first input is small: broadcast it to every subtask and build a hash table from it. */
    BROADCAST_HASH_FIRST,
    /** The second input is small: broadcast it to every subtask and build a hash table from it. */
    BROADCAST_HASH_SECOND,
    /** Hash-partition both inputs and build the hash table from the first. */
    REPARTITION_HASH_FIRST,
    /** Hash-partition both inputs and build the hash table from the second. */
    REPARTITION_HASH_SECOND,
    /** Hash-partition both inputs, sort them on the keys and merge them. */
    REPARTITION_SORT_MERGE
}
