package io.eddy.iteration.runtime;

import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.List;

/**
 * The blocks of spilled partitions' files that are in memory: a fixed number of frames, cut out of
 * a few managed-memory pages, shared by every {@link FilePageStore} of one {@link
 * ManagedSolutionSet}. A frame holds one block of one file; a miss evicts the least recently used
 * frame, writing it back first if it was changed. Blocks are smaller than pages (at most {@value
 * #MAX_BLOCK_SIZE} bytes, and small enough for {@value #MIN_FRAMES} frames) because access to
 * spilled partitions is random: a lookup reads one index block and one entry block, not a sequence.
 *
 * <p>Not thread-safe: used under the set's lock. No caller keeps a frame across another access
 * (every {@link FilePageStore} access looks its block up again), so frames need no pinning.
 */
final class BlockCache {

    /** The largest block: the usual size of an operating system page. */
    static final int MAX_BLOCK_SIZE = 4096;
    /** The fewest frames: blocks are made smaller than {@link #MAX_BLOCK_SIZE} when the pages are small. */
    static final int MIN_FRAMES = 16;

    private final int blockSize;
    private final MemorySegment[] segments;
    private final int[] offsets;
    private final FilePageStore[] owners;
    private final int[] blocks;
    private final boolean[] dirty;
    /** Stamp of the last access; 0 for a free frame, so free frames are evicted first. */
    private final long[] lastUse;
    private long clock;
    private long loads;
    private long writeBacks;

    /** Frames over all of {@code pages} (pages of one size, a power of two). */
    BlockCache(List<MemorySegment> pages) {
        int pageSize = pages.get(0).size();
        int fitting = Integer.highestOneBit(Math.max(8, pages.size() * pageSize / MIN_FRAMES));
        this.blockSize = Math.min(Math.min(MAX_BLOCK_SIZE, pageSize), fitting);
        int perPage = pageSize / blockSize;
        int frames = pages.size() * perPage;
        segments = new MemorySegment[frames];
        offsets = new int[frames];
        owners = new FilePageStore[frames];
        blocks = new int[frames];
        dirty = new boolean[frames];
        lastUse = new long[frames];
        for (int f = 0; f < frames; f++) {
            segments[f] = pages.get(f / perPage);
            offsets[f] = (f % perPage) * blockSize;
        }
    }

    int blockSize() {
        return blockSize;
    }

    MemorySegment segment(int frame) {
        return segments[frame];
    }

    int offset(int frame) {
        return offsets[frame];
    }

    boolean holds(int frame, FilePageStore store, int block) {
        return owners[frame] == store && blocks[frame] == block;
    }

    void touch(int frame) {
        lastUse[frame] = ++clock;
    }

    void markDirty(int frame) {
        dirty[frame] = true;
    }

    /** The frame holding {@code block} of {@code store}, loading it (and evicting another) if needed. */
    int frame(FilePageStore store, int block) throws IOException {
        int victim = 0;
        for (int f = 0; f < owners.length; f++) {
            if (owners[f] == store && blocks[f] == block) {
                touch(f);
                return f;
            }
            if (lastUse[f] < lastUse[victim]) {
                victim = f;
            }
        }
        if (owners[victim] != null && dirty[victim]) {
            owners[victim].writeBlock(blocks[victim], segments[victim], offsets[victim]);
            writeBacks++;
        }
        owners[victim] = null;
        dirty[victim] = false;
        lastUse[victim] = 0;
        store.readBlock(block, segments[victim], offsets[victim]);
        loads++;
        owners[victim] = store;
        blocks[victim] = block;
        touch(victim);
        return victim;
    }

    /** Drops the frames of {@code store}'s blocks from {@code fromBlock} on, without writing them back. */
    void forget(FilePageStore store, long fromBlock) {
        for (int f = 0; f < owners.length; f++) {
            if (owners[f] == store && blocks[f] >= fromBlock) {
                owners[f] = null;
                dirty[f] = false;
                lastUse[f] = 0;
            }
        }
    }

    /** Blocks loaded into a frame since the cache was created (tests and reports). */
    long loads() {
        return loads;
    }

    /** Changed blocks written back on eviction since the cache was created (tests and reports). */
    long writeBacks() {
        return writeBacks;
    }
}
