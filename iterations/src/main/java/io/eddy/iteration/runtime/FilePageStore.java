package io.eddy.iteration.runtime;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

/**
 * A {@link PageStore} in a spill file of the worker's {@link IOManager} (named by it, in its spill
 * directories), read and written in blocks through the set's {@link BlockCache}. The file is read
 * and written at positions with a {@link FileChannel} on the caller's thread rather than through
 * the I/O manager's block channels, which only stream: a lookup needs one block at a known offset
 * now. Blocks at or beyond the file's end read as zeros, which is how a new index file starts with
 * every slot free.
 *
 * <p>Not thread-safe: used under the set's lock.
 */
final class FilePageStore extends PageStore {

    private final BlockCache cache;
    private final FileIOChannel.ID id;
    private final FileChannel channel;
    private final int blockSize;
    private final int blockShift;
    private final int blockMask;
    /** The bytes in the file; blocks from here on read as zeros. */
    private long fileSize;
    /** The block and frame of the last access: most accesses stay in one block. */
    private int lastBlock = -1;
    private int lastFrame;
    private boolean discarded;

    private FilePageStore(BlockCache cache, FileIOChannel.ID id, FileChannel channel) {
        this.cache = cache;
        this.id = id;
        this.channel = channel;
        this.blockSize = cache.blockSize();
        this.blockShift = Integer.numberOfTrailingZeros(blockSize);
        this.blockMask = blockSize - 1;
    }

    /** A new, empty file named by {@code io}. */
    static FilePageStore create(IOManager io, BlockCache cache) throws IOException {
        FileIOChannel.ID id = io.createChannel();
        FileChannel channel = FileChannel.open(id.getPathFile().toPath(), StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        return new FilePageStore(cache, id, channel);
    }

    /** Writes the pages of {@code source} that hold its first {@code bytes} bytes as the file's start. */
    void copyFrom(MemoryPageStore source, long bytes) throws IOException {
        long position = 0;
        for (int i = 0; i < source.pageCount() && position < bytes; i++) {
            MemorySegment page = source.page(i);
            writeFully(page.wrap(0, page.size()), position);
            position += page.size();
        }
        fileSize = Math.max(fileSize, position);
    }

    @Override
    int getInt(long address) throws IOException {
        int f = frame(address, false);
        return cache.segment(f).getInt(cache.offset(f) + ((int) address & blockMask));
    }

    @Override
    void putInt(long address, int value) throws IOException {
        int f = frame(address, true);
        cache.segment(f).putInt(cache.offset(f) + ((int) address & blockMask), value);
    }

    @Override
    long getLong(long address) throws IOException {
        int f = frame(address, false);
        return cache.segment(f).getLong(cache.offset(f) + ((int) address & blockMask));
    }

    @Override
    void putLong(long address, long value) throws IOException {
        int f = frame(address, true);
        cache.segment(f).putLong(cache.offset(f) + ((int) address & blockMask), value);
    }

    @Override
    void read(long address, byte[] target, int offset, int length) throws IOException {
        while (length > 0) {
            int inBlock = (int) address & blockMask;
            int n = Math.min(length, blockSize - inBlock);
            int f = frame(address, false);
            cache.segment(f).get(cache.offset(f) + inBlock, target, offset, n);
            address += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    void write(long address, byte[] source, int offset, int length) throws IOException {
        while (length > 0) {
            int inBlock = (int) address & blockMask;
            int n = Math.min(length, blockSize - inBlock);
            int f = frame(address, true);
            cache.segment(f).put(cache.offset(f) + inBlock, source, offset, n);
            address += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    int pagesToReach(long end) {
        return 0;
    }

    @Override
    void extendTo(long end) {
        // a file grows as its blocks are written back
    }

    @Override
    void truncate(long end) throws IOException {
        long keepBlocks = (end + blockSize - 1) >>> blockShift;
        cache.forget(this, keepBlocks);
        long keepBytes = keepBlocks << blockShift;
        if (fileSize > keepBytes) {
            channel.truncate(keepBytes);
            fileSize = keepBytes;
        }
    }

    @Override
    boolean inMemory() {
        return false;
    }

    @Override
    void discard() throws IOException {
        if (discarded) {
            return;
        }
        discarded = true;
        cache.forget(this, 0);
        try {
            channel.close();
        } finally {
            Files.deleteIfExists(id.getPathFile().toPath());
        }
    }

    /** Fills a frame with block {@code block}: the bytes of the file, zeros beyond its end. For the cache. */
    void readBlock(int block, MemorySegment segment, int offset) throws IOException {
        long position = (long) block << blockShift;
        int onDisk = (int) Math.max(0, Math.min(blockSize, fileSize - position));
        if (onDisk > 0) {
            ByteBuffer buffer = segment.wrap(offset, onDisk);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer, position + buffer.position()) < 0) {
                    throw new EOFException("Bug: the spill file " + id + " of a solution set ends before its " + fileSize
                            + " bytes (reading block " + block + ")");
                }
            }
        }
        for (int i = onDisk; i < blockSize; i += 8) {
            segment.putLong(offset + i, 0L);
        }
    }

    /** Writes a frame back as block {@code block}. For the cache. */
    void writeBlock(int block, MemorySegment segment, int offset) throws IOException {
        long position = (long) block << blockShift;
        writeFully(segment.wrap(offset, blockSize), position);
        fileSize = Math.max(fileSize, position + blockSize);
    }

    private int frame(long address, boolean dirty) throws IOException {
        int block = (int) (address >>> blockShift);
        int f = lastFrame;
        if (block == lastBlock && cache.holds(f, this, block)) {
            cache.touch(f);
        } else {
            f = cache.frame(this, block);
            lastBlock = block;
            lastFrame = f;
        }
        if (dirty) {
            cache.markDirty(f);
        }
        return f;
    }

    private void writeFully(ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer, position + buffer.position());
        }
    }

    @Override
    public String toString() {
        return "FilePageStore{" + id + ", " + fileSize + " bytes}";
    }
}
