package io.eddy.runtime.io.network;

import io.eddy.runtime.io.network.partition.ResultPartitionId;
import java.net.InetSocketAddress;

/**
 * What a consumer reads on one input channel: one subpartition of one producer's partition, and
 * where the producer's data plane listens. If that address is the consumer's own
 * {@link NetworkEnvironment#dataAddress()}, the channel is local (buffers handed over in memory);
 * if, in addition, {@code objects} is set, the producer hands its records over as objects through an
 * object subpartition (no serialization), and the producer's {@code OutputPartitionSpec} says so too.
 */
public record InputChannelSpec(ResultPartitionId partition, int subpartition, InetSocketAddress producerDataAddress, boolean objects) {

    /** A channel that reads serialized buffers (locally or remotely). */
    public InputChannelSpec(ResultPartitionId partition, int subpartition, InetSocketAddress producerDataAddress) {
        this(partition, subpartition, producerDataAddress, false);
    }
}
