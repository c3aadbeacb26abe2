package io.eddy.runtime.io.network;

import io.eddy.configuration.Configuration;
import io.eddy.runtime.io.network.netty.NettyTransport;
import io.eddy.runtime.io.network.partition.BlockingPartitionSettings;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Settings of a worker's network stack. Build with {@link #builder()}; every setting has a default.
 *
 * @param segmentSize bytes per network buffer (default 32 KiB)
 * @param totalBuffers buffers of the worker, allocated once (default 2048)
 * @param exclusiveBuffersPerChannel buffers each remote input channel owns (its initial credit, default 2)
 * @param floatingBuffersPerGate buffers an input gate's remote channels may borrow on backlog (default 8)
 * @param buffersPerSubpartition pool size of a result partition per subpartition (default 2)
 * @param extraBuffersPerPartition pool size of a result partition on top of that (default 8)
 * @param bindHost host the data server binds to and announces (default 127.0.0.1)
 * @param dataPort port of the data server, 0 for an ephemeral one (default 0)
 * @param partitionRequestTimeout how long a request waits for a partition not yet registered (default 10 s)
 * @param offHeap whether buffers are direct memory (default true: off-heap, so that the garbage collector never copies them)
 * @param nettyThreads event loop threads of the server and the client each (default 1)
 * @param blockingPartitionMemory bytes a blocking result partition keeps on the heap before it
 *     spills the rest to its file (default 4 MiB; 0 spills everything)
 * @param spillDirectory where blocking result partitions create their spill files (default
 *     {@code java.io.tmpdir}; a worker sets its {@code io.tmp.dirs})
 * @param objectBatchSize records per batch of a local object channel, at most (default 4096); a batch
 *     also holds no more than about {@code segmentSize} bytes, judged by its first record's size,
 *     which is the bound that binds for records of more than 8 bytes: a waiting consumer is woken
 *     once per batch, so batches should be as large as the memory bound allows
 * @param objectBatchesPerChannel batches a local object channel holds before its producer blocks
 *     (default 4): the bound on what is in flight per local object channel
 * @param transport the sockets of the data plane: {@code auto} (default: Linux's native epoll where it
 *     loads, else the JDK's NIO), {@code nio} or {@code epoll} (see {@code NettyTransport})
 */
public record NetworkConfig(
        int segmentSize,
        int totalBuffers,
        int exclusiveBuffersPerChannel,
        int floatingBuffersPerGate,
        int buffersPerSubpartition,
        int extraBuffersPerPartition,
        String bindHost,
        int dataPort,
        Duration partitionRequestTimeout,
        boolean offHeap,
        int nettyThreads,
        long blockingPartitionMemory,
        Path spillDirectory,
        int objectBatchSize,
        int objectBatchesPerChannel,
        String transport) {

    public NetworkConfig {
        positive("segmentSize", segmentSize, 64);
        positive("totalBuffers", totalBuffers, 1);
        positive("exclusiveBuffersPerChannel", exclusiveBuffersPerChannel, 1);
        positive("floatingBuffersPerGate", floatingBuffersPerGate, 1);
        positive("buffersPerSubpartition", buffersPerSubpartition, 1);
        positive("extraBuffersPerPartition", extraBuffersPerPartition, 0);
        positive("dataPort", dataPort, 0);
        positive("nettyThreads", nettyThreads, 1);
        positive("objectBatchSize", objectBatchSize, 1);
        positive("objectBatchesPerChannel", objectBatchesPerChannel, 2);
        if (dataPort > 65535) {
            throw new IllegalArgumentException("dataPort: " + dataPort + " (expected: 0..65535, 0 = ephemeral)");
        }
        if (partitionRequestTimeout == null || partitionRequestTimeout.isNegative() || partitionRequestTimeout.isZero()) {
            throw new IllegalArgumentException("partitionRequestTimeout: " + partitionRequestTimeout + " (expected: > 0)");
        }
        if (blockingPartitionMemory < 0) {
            throw new IllegalArgumentException("blockingPartitionMemory: " + blockingPartitionMemory + " bytes (expected: >= 0)");
        }
        if (spillDirectory == null) {
            throw new IllegalArgumentException("spillDirectory: null (expected: a directory for the spill files of blocking partitions)");
        }
        transport = NettyTransport.checkSetting(transport);
        if (bindHost == null || bindHost.isEmpty()) {
            throw new IllegalArgumentException("bindHost: '" + bindHost + "' (expected: a host name or address)");
        }
    }

    private static void positive(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: >= " + min + ")");
        }
    }

    /** The bound on the buffers a result partition of {@code numberOfSubpartitions} may hold. */
    public int partitionPoolSize(int numberOfSubpartitions) {
        return numberOfSubpartitions * buffersPerSubpartition + extraBuffersPerPartition;
    }

    /** How blocking result partitions of this worker store their data. */
    public BlockingPartitionSettings blockingPartitionSettings() {
        return new BlockingPartitionSettings(blockingPartitionMemory, spillDirectory);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder with the settings of {@link NetworkOptions} taken from {@code settings}.
     *
     * @throws IllegalArgumentException naming the option if a value is invalid
     */
    public static Builder builder(Configuration settings) {
        try {
            return new Builder().transport(NettyTransport.checkSetting(settings.get(NetworkOptions.TRANSPORT)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(NetworkOptions.TRANSPORT.key() + ": " + e.getMessage(), e);
        }
    }

    public static NetworkConfig defaults() {
        return builder().build();
    }

    /** Builder with the defaults listed on {@link NetworkConfig}. */
    public static final class Builder {
        private int segmentSize = 32 * 1024;
        private int totalBuffers = 2048;
        private int exclusiveBuffersPerChannel = 2;
        private int floatingBuffersPerGate = 8;
        private int buffersPerSubpartition = 2;
        private int extraBuffersPerPartition = 8;
        private String bindHost = "127.0.0.1";
        private int dataPort;
        private Duration partitionRequestTimeout = Duration.ofSeconds(10);
        private boolean offHeap = true;
        private int nettyThreads = 1;
        private long blockingPartitionMemory = 4L * 1024 * 1024;
        private Path spillDirectory = Path.of(System.getProperty("java.io.tmpdir"));
        private int objectBatchSize = 4096;
        private int objectBatchesPerChannel = 4;
        private String transport = "auto";

        private Builder() {}

        public Builder segmentSize(int bytes) {
            this.segmentSize = bytes;
            return this;
        }

        public Builder totalBuffers(int count) {
            this.totalBuffers = count;
            return this;
        }

        public Builder exclusiveBuffersPerChannel(int count) {
            this.exclusiveBuffersPerChannel = count;
            return this;
        }

        public Builder floatingBuffersPerGate(int count) {
            this.floatingBuffersPerGate = count;
            return this;
        }

        public Builder buffersPerSubpartition(int count) {
            this.buffersPerSubpartition = count;
            return this;
        }

        public Builder extraBuffersPerPartition(int count) {
            this.extraBuffersPerPartition = count;
            return this;
        }

        public Builder bindHost(String host) {
            this.bindHost = host;
            return this;
        }

        public Builder dataPort(int port) {
            this.dataPort = port;
            return this;
        }

        public Builder partitionRequestTimeout(Duration timeout) {
            this.partitionRequestTimeout = timeout;
            return this;
        }

        public Builder offHeap(boolean offHeap) {
            this.offHeap = offHeap;
            return this;
        }

        public Builder nettyThreads(int threads) {
            this.nettyThreads = threads;
            return this;
        }

        public Builder blockingPartitionMemory(long bytes) {
            this.blockingPartitionMemory = bytes;
            return this;
        }

        public Builder spillDirectory(Path directory) {
            this.spillDirectory = directory;
            return this;
        }

        public Builder objectBatchSize(int records) {
            this.objectBatchSize = records;
            return this;
        }

        public Builder objectBatchesPerChannel(int batches) {
            this.objectBatchesPerChannel = batches;
            return this;
        }

        public Builder transport(String transport) {
            this.transport = transport;
            return this;
        }

        public NetworkConfig build() {
            return new NetworkConfig(segmentSize, totalBuffers, exclusiveBuffersPerChannel, floatingBuffersPerGate,
                    buffersPerSubpartition, extraBuffersPerPartition, bindHost, dataPort, partitionRequestTimeout, offHeap, nettyThreads,
                    blockingPartitionMemory, spillDirectory,
                    objectBatchSize, objectBatchesPerChannel, transport);
        }
    }
}
