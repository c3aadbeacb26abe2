package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import java.io.IOException;

/**
 * One channel of an input gate: reads one subpartition of one producer, locally or over the network.
 *
 * <p>Threads: {@link #getNextBuffer()} runs on the consuming task thread; {@link #setError} and the
 * availability notifications come from producers, Netty threads or timers. {@code queued} is
 * guarded by the gate's lock.
 */
public abstract class InputChannel {

    protected final SingleInputGate gate;
    protected final int channelIndex;
    protected final ResultPartitionId partitionId;
    protected final int subpartition;
    private volatile Throwable error;
    /** Guarded by the gate's lock: whether the channel is in the gate's queue of channels with data. */
    boolean queued;
    /** Guarded by the gate's lock: whether the gate holds the channel back (checkpoint alignment). */
    boolean blocked;
    /** Guarded by the gate's lock: data was announced while the channel was blocked; it is queued again when unblocked. */
    boolean availableWhileBlocked;

    protected InputChannel(SingleInputGate gate, int channelIndex, ResultPartitionId partitionId, int subpartition) {
        this.gate = gate;
        this.channelIndex = channelIndex;
        this.partitionId = partitionId;
        this.subpartition = subpartition;
    }

    public int channelIndex() {
        return channelIndex;
    }

    public ResultPartitionId partitionId() {
        return partitionId;
    }

    /** Starts reading: asks the producer (locally or over the network) for the subpartition. */
    public abstract void requestSubpartition() throws IOException;

    /** The next buffer, or null if none is there now. Task thread only. */
    abstract BufferAndBacklog getNextBuffer() throws IOException;

    /** Frees every buffer the channel holds; idempotent. */
    public abstract void releaseAllResources();

    /** Fails the channel: the task sees {@code cause} from its next poll of the gate. Any thread. */
    public void setError(Throwable cause) {
        if (error == null) {
            error = cause;
        }
        gate.queueChannel(this);
    }

    protected void checkError() throws IOException {
        Throwable cause = error;
        if (cause != null) {
            throw new IOException(cause.getMessage(), cause);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + " " + channelIndex + " (subpartition " + subpartition + " of " + partitionId + ")";
    }
}
