package io.eddy.runtime.io.network;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.netty.NettyConnectionManager;
import io.eddy.runtime.io.network.netty.NettyServer;
import io.eddy.runtime.io.network.netty.NettyTransport;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.partition.ObjectSubpartitionRegistry;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.partition.ResultPartitionType;
import io.eddy.runtime.io.network.partition.consumer.InputChannel;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import io.eddy.runtime.io.network.partition.consumer.LocalInputChannel;
import io.eddy.runtime.io.network.partition.consumer.LocalObjectInputChannel;
import io.eddy.runtime.io.network.partition.consumer.RemoteInputChannel;
import io.eddy.runtime.io.network.partition.consumer.SingleInputGate;
import io.netty.channel.EventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The network stack of one worker process: a fixed {@link NetworkBufferPool}, the registered result
 * partitions, one Netty data server, and the client connections to other workers (one per remote
 * worker, shared by all channels). Tasks create their result partitions and input gates here.
 *
 * <p>Threads: thread-safe; tasks call it from their own threads.
 */
public final class NetworkEnvironment implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NetworkEnvironment.class);

    private final NetworkConfig config;
    private final NetworkBufferPool bufferPool;
    private final ResultPartitionManager partitions;
    private final ObjectSubpartitionRegistry objectSubpartitions = new ObjectSubpartitionRegistry();
    private final EventLoopGroup serverGroup;
    private final EventLoopGroup clientGroup;
    private final NettyServer server;
    private final NettyConnectionManager connections;
    private final AtomicInteger nextReceiverId = new AtomicInteger();
    private final Map<SingleInputGate, JobId> gates = new ConcurrentHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();

    private NetworkEnvironment(NetworkConfig config, NetworkBufferPool bufferPool, ResultPartitionManager partitions,
            EventLoopGroup serverGroup, EventLoopGroup clientGroup, NettyServer server, NettyConnectionManager connections) {
        this.config = config;
        this.bufferPool = bufferPool;
        this.partitions = partitions;
        this.serverGroup = serverGroup;
        this.clientGroup = clientGroup;
        this.server = server;
        this.connections = connections;
    }

    /** Allocates the buffers and starts the data server (and the client side). */
    public static NetworkEnvironment start(NetworkConfig config) throws IOException {
        NettyTransport transport = NettyTransport.of(config.transport());
        NetworkBufferPool pool = new NetworkBufferPool(config.totalBuffers(), config.segmentSize(), config.offHeap());
        EventLoopGroup serverGroup = transport.newGroup(config.nettyThreads(), "eddy-data-server");
        EventLoopGroup clientGroup = transport.newGroup(config.nettyThreads(), "eddy-data-client");
        NetworkEnvironment environment = null;
        try {
            ResultPartitionManager partitions = new ResultPartitionManager();
            NettyServer server = NettyServer.bind(serverGroup, transport, config.bindHost(), config.dataPort(), partitions, config.partitionRequestTimeout());
            environment = new NetworkEnvironment(config, pool, partitions, serverGroup, clientGroup, server,
                    new NettyConnectionManager(clientGroup, transport, config.segmentSize()));
            LOG.info("Network: data server on {} ({} sockets), {} buffers of {} bytes", server.address(), transport,
                    config.totalBuffers(), config.segmentSize());
            return environment;
        } finally {
            if (environment == null) {
                serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
                clientGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            }
        }
    }

    public NetworkConfig config() {
        return config;
    }

    /** Where this worker's data server listens; consumers in other workers connect here. */
    public InetSocketAddress dataAddress() {
        return server.address();
    }

    /** The worker's buffer pool (tests check its accounting). */
    public NetworkBufferPool bufferPool() {
        return bufferPool;
    }

    /**
     * Creates and registers the partition a producer subtask writes one edge into. Consumers that
     * requested it before are served from now on.
     *
     * @throws IllegalStateException if a partition with this id is registered already
     */
    public ResultPartition createResultPartition(ResultPartitionId id, int numberOfSubpartitions, String owningTaskName) {
        return createResultPartition(id, numberOfSubpartitions, owningTaskName, ResultPartitionType.PIPELINED);
    }

    /**
     * Creates and registers a partition of the given type. A blocking partition keeps up to
     * {@link NetworkConfig#blockingPartitionMemory()} bytes on the heap and spills the rest to a file
     * in {@link NetworkConfig#spillDirectory()}; it stays registered (re-readable) until
     * {@link #releasePartitionsOf} or {@link #close()}.
     *
     * @throws IllegalStateException if a partition with this id is registered already
     */
    public ResultPartition createResultPartition(ResultPartitionId id, int numberOfSubpartitions, String owningTaskName,
            ResultPartitionType type) {
        LocalBufferPool pool = bufferPool.createLocalPool(config.partitionPoolSize(numberOfSubpartitions),
                type.name().toLowerCase(java.util.Locale.ROOT) + " result partition " + id + " of task " + owningTaskName);
        ResultPartition partition = type == ResultPartitionType.BLOCKING
                ? ResultPartition.blocking(id, owningTaskName, numberOfSubpartitions, pool, config.blockingPartitionSettings(),
                        partitions::unregister)
                : new ResultPartition(id, owningTaskName, numberOfSubpartitions, pool, partitions::unregister);
        try {
            partitions.register(partition);
        } catch (IOException e) {
            pool.destroy();
            throw new IllegalStateException(e.getMessage(), e);
        }
        return partition;
    }

    /**
     * Creates and registers the object subpartition through which a producer subtask hands records
     * to its consumer in this worker (see {@link io.eddy.runtime.tasks.OutputPartitionSpec#objectSubpartitions()}).
     */
    public ObjectSubpartition createObjectSubpartition(ResultPartitionId id, int subpartition) {
        ObjectSubpartition objects = new ObjectSubpartition(id + " subpartition " + subpartition, config.objectBatchSize(),
                config.segmentSize(), config.objectBatchesPerChannel());
        objectSubpartitions.register(id, subpartition, objects);
        return objects;
    }

    /**
     * Creates the input gate of one consumer subtask on one edge and requests every channel's
     * subpartition: channels whose producer address is {@link #dataAddress()} are local, all others
     * remote.
     *
     * @throws IllegalStateException if the worker has too few free buffers for the remote channels'
     *     exclusive buffers (raise {@code NetworkConfig.totalBuffers})
     */
    public InputGate createInputGate(String owningTaskName, List<InputChannelSpec> channels) {
        if (channels.isEmpty()) {
            throw new IllegalArgumentException("The input gate of " + owningTaskName + " has no channels (expected: one per producer subtask)");
        }
        InetSocketAddress own = dataAddress();
        boolean anyRemote = channels.stream().anyMatch(spec -> !isLocal(spec, own));
        LocalBufferPool floating = anyRemote
                ? bufferPool.createLocalPool(config.floatingBuffersPerGate(), "floating buffers of the input gate of " + owningTaskName)
                : null;
        JobId job = channels.get(0).partition().job();
        SingleInputGate[] holder = new SingleInputGate[1];
        SingleInputGate gate = new SingleInputGate(owningTaskName, channels.size(), floating, () -> gates.remove(holder[0]));
        holder[0] = gate;
        try {
            for (int i = 0; i < channels.size(); i++) {
                gate.setChannel(i, createChannel(gate, i, channels.get(i), own, floating));
            }
            gates.put(gate, job);
            gate.requestPartitions();
        } catch (IOException e) {
            gate.close();
            throw new IllegalStateException("Cannot create the input gate of " + owningTaskName + ": " + e.getMessage(), e);
        }
        return gate;
    }

    private InputChannel createChannel(SingleInputGate gate, int index, InputChannelSpec spec, InetSocketAddress own,
            LocalBufferPool floating) throws IOException {
        if (spec.objects()) {
            if (!isLocal(spec, own)) {
                throw new IOException("Bug: channel " + index + " of " + gate.owningTaskName() + " reads objects from " + spec.partition()
                        + ", whose producer is at " + spec.producerDataAddress() + ", not in this worker (" + own + ")");
            }
            return new LocalObjectInputChannel(gate, index, spec.partition(), spec.subpartition(), objectSubpartitions,
                    config.partitionRequestTimeout(), own);
        }
        if (isLocal(spec, own)) {
            return new LocalInputChannel(gate, index, spec.partition(), spec.subpartition(), partitions, config.partitionRequestTimeout(),
                    own);
        }
        RemoteInputChannel channel = new RemoteInputChannel(gate, index, spec.partition(), spec.subpartition(), spec.producerDataAddress(),
                connections, bufferPool, floating, config.exclusiveBuffersPerChannel(), nextReceiverId.incrementAndGet());
        channel.assignExclusiveSegments();
        return channel;
    }

    private static boolean isLocal(InputChannelSpec spec, InetSocketAddress own) {
        return spec.producerDataAddress() == null || spec.producerDataAddress().equals(own);
    }

    /** Releases every partition and closes every input gate of {@code job} (after it finished or was cancelled). */
    public void releasePartitionsOf(JobId job) {
        partitions.releasePartitionsOf(job);
        objectSubpartitions.releaseAllOf(job);
        List<SingleInputGate> toClose = new ArrayList<>();
        gates.forEach((gate, gateJob) -> {
            if (gateJob.equals(job)) {
                toClose.add(gate);
            }
        });
        for (SingleInputGate gate : toClose) {
            gate.close();
        }
    }

    public NetworkMetrics metrics() {
        return new NetworkMetrics() {
            @Override
            public int totalBuffers() {
                return bufferPool.totalSegments();
            }

            @Override
            public int availableBuffers() {
                return bufferPool.availableSegments();
            }

            @Override
            public int minimumAvailableBuffers() {
                return bufferPool.minimumAvailableSegments();
            }

            @Override
            public int inboundConnections() {
                return server.openConnections();
            }

            @Override
            public int outboundConnections() {
                return connections.openConnections();
            }

            @Override
            public int registeredPartitions() {
                return partitions.numberOfPartitions();
            }
        };
    }

    /** Closes gates and connections, releases partitions, stops the server. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (SingleInputGate gate : new ArrayList<>(gates.keySet())) {
            gate.close();
        }
        // Connections go first, as when a worker dies: consumers elsewhere see the connection close
        // (and fail with the address of this worker) rather than a stream of release errors.
        connections.close();
        server.close();
        clientGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        serverGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        partitions.releaseAll();
        bufferPool.close();
    }
}
