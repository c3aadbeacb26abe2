package io.eddy.runtime.io.network.partition;

import java.io.IOException;

/**
 * One reader's handle on a subpartition: a local input channel or the Netty server's reader for a
 * remote one. Polls hand out buffers in order; the reader recycles them.
 *
 * <p>A pipelined subpartition has exactly one view, and releasing it releases the subpartition. A
 * blocking subpartition has any number of views, one after another or at once, each reading the
 * whole subpartition from the start; releasing a view only detaches that reader.
 *
 * <p>Threads: polled by one thread at a time (the consuming task thread, or a Netty event loop).
 */
public interface SubpartitionView {

    /**
     * The next buffer, or null if none is available now (the listener is told when one is).
     *
     * @throws ProducerFailedException if the producer failed
     * @throws IOException if the partition was released
     */
    BufferAndBacklog getNextBuffer() throws IOException;

    /** Whether a poll would return something now (a buffer, an event or a failure). */
    boolean isAvailable();

    /** Whether the producer failed or the subpartition was released (a poll would throw). */
    boolean isErroneous();

    /** The number of buffers queued (for a blocking subpartition: not yet read by this view). */
    int backlog();

    /** The reader gives up: a pipelined subpartition recycles its queued buffers; a blocking one keeps its data. */
    void release();
}
