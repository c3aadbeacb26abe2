package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pooled segment with a reference count: the writer that fills it, the queue that holds it and
 * every slice handed to a reader each hold one reference; the segment goes back to its recycler
 * when the last one is released. Thread-safe.
 */
final class SharedSegment {

    private final MemorySegment segment;
    private final BufferRecycler recycler;
    private final AtomicInteger references;

    SharedSegment(MemorySegment segment, BufferRecycler recycler, int initialReferences) {
        this.segment = segment;
        this.recycler = recycler;
        this.references = new AtomicInteger(initialReferences);
    }

    MemorySegment segment() {
        return segment;
    }

    void retain() {
        int before = references.getAndIncrement();
        if (before <= 0) {
            throw new IllegalStateException("Bug: retained a segment that was already recycled");
        }
    }

    void release() {
        int after = references.decrementAndGet();
        if (after == 0) {
            recycler.recycle(segment);
        } else if (after < 0) {
            throw new IllegalStateException("Bug: segment released more often than retained");
        }
    }
}
