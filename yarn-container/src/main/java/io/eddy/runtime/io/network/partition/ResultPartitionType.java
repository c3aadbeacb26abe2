package io.eddy.runtime.io.network.partition;

import io.eddy.jobgraph.ExchangeMode;

/** How a result partition hands its data to consumers; chosen from the edge's {@link ExchangeMode}. */
public enum ResultPartitionType {
    /** Read while written, by exactly one reader per subpartition, with back pressure; released once consumed. */
    PIPELINED,
    /**
     * Materialized (memory, then a spill file), readable after the producer finished, any number of
     * times; released at the end of the job.
     */
    BLOCKING;

    /** The one place where an edge's exchange mode becomes a partition type. */
    public static ResultPartitionType forExchangeMode(ExchangeMode mode) {
        return switch (mode) {
            case PIPELINED -> PIPELINED;
            case BLOCKING -> BLOCKING;
        };
    }
}
