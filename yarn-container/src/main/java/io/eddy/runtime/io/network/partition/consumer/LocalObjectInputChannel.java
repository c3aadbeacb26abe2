package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.ObjectAvailabilityListener;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.partition.ObjectSubpartitionRegistry;
import io.eddy.runtime.io.network.partition.PartitionNotFoundException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An input channel whose producer runs in the same worker and hands its records over as objects
 * through an {@link ObjectSubpartition}: nothing is serialized. The gate polls it with {@link
 * #pollObjects()} instead of {@link #getNextBuffer()}.
 *
 * <p>Threads: {@code objects} is written once by whichever thread completes the lookup and read by
 * the task thread (volatile); the availability listener runs on the producer's threads.
 */
public final class LocalObjectInputChannel extends InputChannel implements ObjectAvailabilityListener {

    private final ObjectSubpartitionRegistry registry;
    private final Duration requestTimeout;
    private final InetSocketAddress producerAddress;
    private volatile ObjectSubpartition objects;
    private volatile boolean released;

    public LocalObjectInputChannel(SingleInputGate gate, int channelIndex, ResultPartitionId partitionId, int subpartition,
            ObjectSubpartitionRegistry registry, Duration requestTimeout, InetSocketAddress producerAddress) {
        super(gate, channelIndex, partitionId, subpartition);
        this.registry = registry;
        this.requestTimeout = requestTimeout;
        this.producerAddress = producerAddress;
    }

    @Override
    public void requestSubpartition() {
        registry.await(partitionId, subpartition)
                .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((found, failure) -> {
                    if (failure != null) {
                        setError(failure instanceof TimeoutException
                                ? new PartitionNotFoundException(partitionId + " (subpartition " + subpartition + ", objects) was not registered"
                                        + " at the producer at " + producerAddress + " (this worker) within " + requestTimeout.toMillis()
                                        + " ms: the producer task was not deployed or failed before creating it"
                                        + " (NetworkConfig partitionRequestTimeout)")
                                : failure);
                        return;
                    }
                    objects = found;
                    if (released) {
                        found.release();
                        return;
                    }
                    found.setListener(this);
                });
    }

    @Override
    public void notifyObjectsAvailable() {
        gate.queueChannel(this);
    }

    /**
     * The next {@link ObjectSubpartition.Slice} of records (valid until the next poll) or event, or
     * null if none is there now. Task thread only.
     */
    Object pollObjects() throws IOException {
        checkError();
        ObjectSubpartition current = objects;
        if (current == null || released) {
            return null;
        }
        return current.poll();
    }

    @Override
    BufferAndBacklog getNextBuffer() {
        throw new IllegalStateException("Bug: " + this + " hands over objects, not buffers: poll it with pollObjects()");
    }

    @Override
    public void releaseAllResources() {
        if (released) {
            return;
        }
        released = true;
        ObjectSubpartition current = objects;
        if (current != null) {
            current.release();
        }
        registry.unregister(partitionId, subpartition);
    }
}
