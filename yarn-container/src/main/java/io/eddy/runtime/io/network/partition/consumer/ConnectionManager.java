package io.eddy.runtime.io.network.partition.consumer;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/** Hands out the (single, cached) connection to each producer worker. Thread-safe. */
public interface ConnectionManager {

    /** The connection to the data server at {@code address}, opened on first use. */
    CompletableFuture<PartitionRequestClient> connect(InetSocketAddress address);
}
