package io.eddy.runtime.io.network;

import java.net.InetSocketAddress;

/**
 * What a consumer reads on one input channel: one subpartition of one producer's partition, and
 * where the producer's data plane listens. If that address is the consumer's own
 * {@link NetworkEnvironment#dataAddress()}, the channel is local (buffers handed over in memory).
 */
public record InputChannelSpec(ResultPartitionId partition, int subpartition, InetSocketAddress producerDataAddress) {}
