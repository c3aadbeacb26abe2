package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.AbstractPagedOutputView;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A {@link io.eddy.core.memory.DataOutputView} that writes to a spill file through a
 * {@link BlockChannelWriter}: records span blocks, and full blocks are written asynchronously while
 * the caller fills the next one (with {@code n} segments, up to {@code n - 1} writes are in flight).
 *
 * <p>Block format: every block is one whole segment of {@code segmentSize} bytes starting with a
 * header of {@link #HEADER_LENGTH} bytes — a magic short ({@link #BLOCK_MAGIC}), a flags short
 * ({@link #FLAG_LAST_BLOCK} on the last block) and an int with the number of bytes used in the block,
 * header included — followed by the data. Only blocks holding data are written, so
 * {@link #getBlockCount()} blocks hold {@link #getBytesWritten()} bytes.
 * {@link ChannelReaderInputView} reads this format.
 *
 * <p>Not thread-safe: used by the one thread that spills. The writer's return queue must be used
 * by this view only.
 */
public final class ChannelWriterOutputView extends AbstractPagedOutputView {

    /** Bytes at the start of each block: magic (short), flags (short), bytes used (int). */
    public static final int HEADER_LENGTH = 8;
    /** The first two bytes of every block. */
    public static final short BLOCK_MAGIC = (short) 0xEDD1;
    /** Flag of the last block of a file. */
    public static final short FLAG_LAST_BLOCK = 0x1;

    static final int MAGIC_OFFSET = 0;
    static final int FLAGS_OFFSET = 2;
    static final int LENGTH_OFFSET = 4;

    private final BlockChannelWriter writer;
    private final List<MemorySegment> memory;
    private final ArrayDeque<MemorySegment> free;
    private int blockCount;
    private long bytesInFullBlocks;
    private boolean closed;

    /**
     * @param writer the channel to write to; closed by {@link #close()}
     * @param memory the segments to write with, at least one, each at least {@code segmentSize} bytes
     * @param segmentSize the block size
     */
    public ChannelWriterOutputView(BlockChannelWriter writer, List<MemorySegment> memory, int segmentSize) {
        super(first(memory, segmentSize), segmentSize, HEADER_LENGTH);
        this.writer = writer;
        this.memory = new ArrayList<>(memory);
        this.free = new ArrayDeque<>(memory.subList(1, memory.size()));
    }

    private static MemorySegment first(List<MemorySegment> memory, int segmentSize) {
        if (memory == null || memory.isEmpty()) {
            throw new IllegalArgumentException("memory: no segments (expected: at least one segment to write with)");
        }
        for (MemorySegment segment : memory) {
            if (segment.size() < segmentSize) {
                throw new IllegalArgumentException("memory: a segment of " + segment.size() + " bytes (expected: "
                        + "segments of at least segmentSize = " + segmentSize + " bytes)");
            }
        }
        return memory.get(0);
    }

    @Override
    protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent) throws IOException {
        if (closed) {
            throw new IOException("The spill output view of " + writer.getChannelID() + " is closed");
        }
        if (current != null) {
            writeSegment(current, positionInCurrent, false);
        }
        MemorySegment next = free.poll();
        return next != null ? next : writer.getNextReturnedBlock();
    }

    private void writeSegment(MemorySegment segment, int used, boolean last) throws IOException {
        segment.putShort(MAGIC_OFFSET, BLOCK_MAGIC);
        segment.putShort(FLAGS_OFFSET, last ? FLAG_LAST_BLOCK : 0);
        segment.putInt(LENGTH_OFFSET, used);
        writer.writeBlock(segment);
        blockCount++;
        bytesInFullBlocks += used - HEADER_LENGTH;
    }

    /**
     * Writes the last (partly filled) block, waits for all writes, closes the channel (the file stays)
     * and returns all the memory this view was given.
     *
     * @throws IOException the first error of any write; the memory is then not returned here, the
     *     caller releases it through its owner ({@code MemoryManager.releaseAll})
     */
    public List<MemorySegment> close() throws IOException {
        if (closed) {
            throw new IllegalStateException("close: the spill output view of " + writer.getChannelID()
                    + " is already closed (expected: close once)");
        }
        try {
            MemorySegment current = getCurrentSegment();
            int position = getCurrentPositionInSegment();
            if (current != null && position > HEADER_LENGTH) {
                writeSegment(current, position, true);
            }
        } finally {
            closed = true;
            clear();
            writer.close();
        }
        Set<MemorySegment> own = Collections.newSetFromMap(new IdentityHashMap<>());
        own.addAll(memory);
        writer.getReturnQueue().removeIf(own::contains);
        free.clear();
        return new ArrayList<>(memory);
    }

    /** The number of blocks written; pass it to {@link ChannelReaderInputView}. Final after {@link #close()}. */
    public int getBlockCount() {
        return blockCount;
    }

    /** The data bytes written so far (headers not counted), including those not yet in a full block. */
    public long getBytesWritten() {
        int position = getCurrentPositionInSegment();
        long pending = !closed && getCurrentSegment() != null ? Math.max(0, position - HEADER_LENGTH) : 0;
        return bytesInFullBlocks + pending;
    }

    /** The channel this view writes to. */
    public BlockChannelWriter getChannel() {
        return writer;
    }
}
