package io.eddy.runtime.io.network.partition;

import java.io.IOException;

/**
 * The single reader's handle on a subpartition: a local input channel or the Netty server's reader
 * for a remote one. Polls hand out buffers in order; the reader recycles them.
 *
 * <p>Threads: polled by one thread at a time (the consuming task thread, or a Netty event loop).
 */
public final class SubpartitionView {

    private final PipelinedSubpartition subpartition;

    SubpartitionView(PipelinedSubpartition subpartition) {
        this.subpartition = subpartition;
    }

    /**
     * The next buffer, or null if none is available now (the listener is told when one is).
     *
     * @throws ProducerFailedException if the producer failed
     * @throws IOException if the partition was released
     */
    public BufferAndBacklog getNextBuffer() throws IOException {
        return subpartition.pollBuffer();
    }

    /** Whether a poll would return something now (a buffer, an event or a failure). */
    public boolean isAvailable() {
        return subpartition.isAvailable();
    }

    /** Whether the producer failed or the subpartition was released (a poll would throw). */
    public boolean isErroneous() {
        return subpartition.isErroneous();
    }

    /** The number of buffers queued. */
    public int backlog() {
        return subpartition.backlog();
    }

    /** The reader gives up: queued buffers are recycled. */
    public void release() {
        subpartition.release();
    }

    @Override
    public String toString() {
        return subpartition.toString();
    }
}
