package io.eddy.runtime.io.network.partition.consumer;

/**
 * The consumer's end of one connection to a producer worker, shared by all remote channels reading
 * from that worker. Implemented by the Netty transport. Thread-safe; never blocks.
 */
public interface PartitionRequestClient {

    /** Registers the channel under its receiver id and asks the producer for its subpartition. */
    void requestSubpartition(RemoteInputChannel channel, int initialCredit);

    /** The channel has unannounced credit: send it to the producer (the transport reads and resets it). */
    void notifyCreditAvailable(RemoteInputChannel channel);

    /** The channel is released: stop sending to it and forget it. */
    void cancelRequest(RemoteInputChannel channel);
}
