package io.eddy.streaming.api;

/**
 * What a checkpoint guarantees about records after a restore (docs/checkpointing.md, "Barrier
 * flow").
 */
public enum CheckpointingMode {
    /**
     * Every record affects the restored state exactly once: a task with several inputs holds back
     * the inputs that delivered a checkpoint's barrier until all of them did (alignment).
     */
    EXACTLY_ONCE,
    /**
     * No alignment, so lower latency under back pressure; after a restore, records that arrived
     * between the first and the last barrier of a checkpoint may affect the state twice.
     */
    AT_LEAST_ONCE
}
