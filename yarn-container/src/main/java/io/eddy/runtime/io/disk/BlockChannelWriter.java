package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;

import java.io.IOException;

/**
 * Writes whole segments to the end of a spill file asynchronously. A written segment is put into
 * the channel's return queue, from where the caller takes it to fill it again.
 *
 * <p>Used by one thread (the one that owns the data being spilled); the I/O thread only completes
 * requests.
 */
public interface BlockChannelWriter extends FileIOChannel {

    /**
     * Queues {@code segment} (all of its bytes) to be appended to the file. The caller must not touch
     * the segment until it comes back through the return queue.
     *
     * @throws IOException an error of an earlier asynchronous write, or the channel is closed
     */
    void writeBlock(MemorySegment segment) throws IOException;

    /** The bytes written so far (completed requests). */
    long getSize();
}
