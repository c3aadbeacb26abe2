package io.eddy.jobgraph;

/**
 * The operator kinds and parameter names of batch drivers: the contract between the batch
 * optimizer, which writes them into {@link OperatorDescriptor}s, and the runtime operators that
 * implement them. {@code docs/batch-runtime.md} describes each kind.
 */
public final class BatchKinds {

    /** Reads splits of an {@code InputFormat} (param {@link #PARAM_INPUT_FORMAT}). */
    public static final String BATCH_SOURCE = "batchSource";
    /** Writes to an {@code OutputFormat} (param {@link #PARAM_OUTPUT_FORMAT}). */
    public static final String BATCH_SINK = "batchSink";
    public static final String MAP_PARTITION = "mapPartition";
    public static final String GROUP_REDUCE = "groupReduce";
    public static final String GROUP_COMBINE = "groupCombine";
    public static final String REDUCE = "reduce";
    public static final String REDUCE_COMBINE = "reduceCombine";
    public static final String SORT_PARTITION = "sortPartition";
    public static final String JOIN = "join";
    public static final String CO_GROUP = "coGroup";
    public static final String CROSS = "cross";

    /** An {@code InputFormat}. */
    public static final String PARAM_INPUT_FORMAT = "inputFormat";
    /** An {@code OutputFormat}. */
    public static final String PARAM_OUTPUT_FORMAT = "outputFormat";
    /** The {@link KeySpec} on input 0; absent for a driver over its whole input. */
    public static final String PARAM_KEYS = "keys";
    /** The {@link KeySpec} on input 1. */
    public static final String PARAM_KEYS_2 = "keys2";
    /** The {@link KeySpec} of the order within a group (after the keys). */
    public static final String PARAM_GROUP_ORDER = "groupOrder";
    /** The {@link KeySpec} of the order within a group of input 1 (co-group; {@link #PARAM_GROUP_ORDER} is input 0's). */
    public static final String PARAM_GROUP_ORDER_2 = "groupOrder2";
    /** A {@link LocalStrategy}. */
    public static final String PARAM_LOCAL_STRATEGY = "localStrategy";
    /** A {@link JoinType}. */
    public static final String PARAM_JOIN_TYPE = "joinType";
    /** The input (an {@code Integer}, 0 or 1) a cross operator buffers. */
    public static final String PARAM_BUFFERED_INPUT = "bufferedInput";
    /** A {@code Double} in (0, 1]: the operator's share of its slot's managed memory. */
    public static final String PARAM_MEMORY_FRACTION = "memoryFraction";
    /** A {@code String[]}: the names of the head operator's broadcast variables, by index. */
    public static final String PARAM_BROADCAST_NAMES = "broadcastNames";

    /** How a driver groups, joins or orders its input locally. */
    public enum LocalStrategy {
        /** The input arrives in the needed order (or the driver needs none). */
        NONE,
        SORT,
        HASH,
        HYBRID_HASH_BUILD_FIRST,
        HYBRID_HASH_BUILD_SECOND,
        SORT_MERGE
    }

    public enum JoinType {
        INNER,
        LEFT_OUTER,
        RIGHT_OUTER,
        FULL_OUTER
    }

    /** The first {@link JobEdge#targetInput()} of broadcast variables: {@code broadcastInput(i)} is variable i. */
    public static final int FIRST_BROADCAST_INPUT = 16;

    private BatchKinds() {}

    /** The edge target input of broadcast variable {@code index}. */
    public static int broadcastInput(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("broadcast variable index: " + index + " (expected: >= 0)");
        }
        return FIRST_BROADCAST_INPUT + index;
    }

    /** Whether an edge's target input is a broadcast variable. */
    public static boolean isBroadcastInput(int targetInput) {
        return targetInput >= FIRST_BROADCAST_INPUT;
    }
}
