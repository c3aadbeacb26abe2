package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;

/**
 * Waits for a segment of a {@link LocalBufferPool}: when a segment is recycled to a pool that has
 * listeners, the pool hands the segment to the first listener instead of giving it back.
 * Called from whichever thread recycles, outside the pool's lock.
 */
@FunctionalInterface
public interface BufferListener {

    /**
     * Offers a segment.
     *
     * @return true if the listener took ownership of the segment; false if it no longer needs one
     *     (the pool then offers it to the next listener or takes it back), in which case the
     *     listener is also removed
     */
    boolean notifyBufferAvailable(MemorySegment segment);
}
