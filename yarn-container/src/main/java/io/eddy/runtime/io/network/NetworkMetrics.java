package io.eddy.runtime.io.network;

/**
 * Live figures of one {@link NetworkEnvironment}; each call reads the current value.
 */
public interface NetworkMetrics {

    /** Network buffers of the worker (fixed). */
    int totalBuffers();

    /** Buffers currently free in the worker's pool. */
    int availableBuffers();

    /** The lowest {@link #availableBuffers()} seen since start. */
    int minimumAvailableBuffers();

    /** Open TCP connections accepted by this worker's data server. */
    int inboundConnections();

    /** Open TCP connections this worker opened to other workers' data servers. */
    int outboundConnections();

    /** Result partitions currently registered. */
    int registeredPartitions();
}
