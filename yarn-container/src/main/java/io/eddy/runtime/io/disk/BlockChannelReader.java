package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;

import java.io.IOException;

/**
 * Reads a spill file block by block asynchronously: each request fills one whole segment with the
 * next {@code segment.size()} bytes of the file, and the filled segments arrive in the channel's
 * return queue in request order.
 *
 * <p>Reading past the end fails the request with an {@link java.io.EOFException} naming the file,
 * reported by the next call or by {@link #close()}. Used by one thread.
 */
public interface BlockChannelReader extends FileIOChannel {

    /**
     * Queues a request to fill {@code segment} with the next block of the file.
     *
     * @throws IOException an error of an earlier asynchronous read, or the channel is closed
     */
    void readBlock(MemorySegment segment) throws IOException;
}
