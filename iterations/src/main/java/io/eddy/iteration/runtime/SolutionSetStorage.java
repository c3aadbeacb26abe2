package io.eddy.iteration.runtime;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Where the partitions of one {@link ManagedSolutionSet} keep their bytes: the set's managed-memory
 * pages that hold nothing now, and, when the set may spill, the {@link IOManager} that names the
 * spill files and the {@link BlockCache} through which they are read.
 *
 * <p>Not thread-safe: used under the set's lock.
 */
final class SolutionSetStorage {

    private final int pageSize;
    private final ArrayDeque<MemorySegment> free;
    private final IOManager io;
    private final BlockCache cache;

    /**
     * @param pages the pages for partitions
     * @param io where to spill, or null for a set that never spills
     * @param cachePages the pages of the block cache (null when {@code io} is null)
     */
    SolutionSetStorage(List<MemorySegment> pages, IOManager io, List<MemorySegment> cachePages) {
        this.pageSize = pages.get(0).size();
        this.free = new ArrayDeque<>(pages);
        this.io = io;
        this.cache = io == null ? null : new BlockCache(cachePages);
    }

    int pageSize() {
        return pageSize;
    }

    int available() {
        return free.size();
    }

    MemorySegment take() {
        MemorySegment page = free.poll();
        if (page == null) {
            throw new IllegalStateException("Bug: a solution-set partition took a page while none was free (expected: the set "
                    + "checks pagesToReach before it extends a store)");
        }
        return page;
    }

    void give(MemorySegment page) {
        free.push(page);
    }

    boolean canSpill() {
        return io != null;
    }

    MemoryPageStore memoryStore(boolean zeroed) {
        return new MemoryPageStore(this, zeroed);
    }

    FilePageStore fileStore() throws IOException {
        if (io == null) {
            throw new IllegalStateException("Bug: a solution set without an I/O manager was asked for a spill file");
        }
        return FilePageStore.create(io, cache);
    }

    /** The block cache of spilled partitions, or null for a set that never spills. */
    BlockCache cache() {
        return cache;
    }
}
