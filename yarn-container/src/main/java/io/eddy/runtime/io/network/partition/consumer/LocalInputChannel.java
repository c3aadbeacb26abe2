package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.BufferAvailabilityListener;
import io.eddy.runtime.io.network.partition.PartitionNotFoundException;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.partition.SubpartitionView;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An input channel whose producer runs in the same worker: it reads the subpartition's queue
 * directly, so buffers are handed over in memory without a copy. The producer's pool bounds the
 * memory; the consumer recycles each buffer once it has read it.
 *
 * <p>Threads: {@code view} is written once by whichever thread completes the partition lookup and
 * read by the task thread (volatile); the view's availability listener runs on the producer thread.
 */
public final class LocalInputChannel extends InputChannel implements BufferAvailabilityListener {

    private final ResultPartitionManager partitionManager;
    private final Duration requestTimeout;
    private final InetSocketAddress producerAddress;
    private volatile SubpartitionView view;
    private volatile boolean released;

    public LocalInputChannel(SingleInputGate gate, int channelIndex, ResultPartitionId partitionId, int subpartition,
            ResultPartitionManager partitionManager, Duration requestTimeout, InetSocketAddress producerAddress) {
        super(gate, channelIndex, partitionId, subpartition);
        this.partitionManager = partitionManager;
        this.requestTimeout = requestTimeout;
        this.producerAddress = producerAddress;
    }

    @Override
    public void requestSubpartition() {
        partitionManager.awaitPartition(partitionId)
                .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((partition, failure) -> {
                    if (failure != null) {
                        setError(failure instanceof TimeoutException
                                ? new PartitionNotFoundException(partitionId + " was not registered at the producer at " + producerAddress
                                        + " (this worker) within " + requestTimeout.toMillis() + " ms: the producer task was not deployed or"
                                        + " failed before creating it (NetworkConfig partitionRequestTimeout)")
                                : failure);
                        return;
                    }
                    try {
                        SubpartitionView created = partition.createSubpartitionView(subpartition, this);
                        view = created;
                        if (released) {
                            created.release();
                            return;
                        }
                        gate.queueChannel(this);
                    } catch (IOException e) {
                        setError(e);
                    }
                });
    }

    @Override
    public void notifyDataAvailable() {
        gate.queueChannel(this);
    }

    @Override
    BufferAndBacklog getNextBuffer() throws IOException {
        checkError();
        SubpartitionView current = view;
        if (current == null || released) {
            return null;
        }
        return current.getNextBuffer();
    }

    @Override
    public void releaseAllResources() {
        if (released) {
            return;
        }
        released = true;
        SubpartitionView current = view;
        if (current != null) {
            current.release();
        }
    }
}
