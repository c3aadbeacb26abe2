package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;

/** Takes back a memory segment once nothing reads or writes it any more. Must be thread-safe. */
@FunctionalInterface
public interface BufferRecycler {

    /** A recycler for segments that are not pooled (events): the garbage collector takes them. */
    BufferRecycler UNPOOLED = segment -> { };

    void recycle(MemorySegment segment);
}
