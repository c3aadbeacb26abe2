package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.AbstractPagedInputView;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Reads what a {@link ChannelWriterOutputView} wrote, through a {@link BlockChannelReader}. It reads
 * ahead with all the segments it is given: on the first read it requests as many blocks as it has
 * segments, and each block it has finished goes back to the reader for the next block of the file.
 * At the end of the data every read throws {@link EOFException} (or returns -1 / null where
 * {@link java.io.DataInput} says so).
 *
 * <p>Not thread-safe: used by the one thread that reads. The reader's return queue must be used by
 * this view only.
 */
public final class ChannelReaderInputView extends AbstractPagedInputView {

    private final BlockChannelReader reader;
    private final List<MemorySegment> memory;
    private final int numBlocks;
    private int numRequested;
    private int numConsumed;
    private boolean started;
    private boolean closed;

    /**
     * @param reader the channel to read from; closed by {@link #close()}
     * @param memory the segments to read with, at least one, each as large as the blocks of the file
     * @param numBlocks the number of blocks in the file, as {@link ChannelWriterOutputView#getBlockCount()} returned
     */
    public ChannelReaderInputView(BlockChannelReader reader, List<MemorySegment> memory, int numBlocks) {
        super(null, 0, ChannelWriterOutputView.HEADER_LENGTH);
        if (memory == null || memory.isEmpty()) {
            throw new IllegalArgumentException("memory: no segments (expected: at least one segment to read with)");
        }
        if (numBlocks < 0) {
            throw new IllegalArgumentException("numBlocks: " + numBlocks + " (expected: >= 0, the writer's block count)");
        }
        this.reader = reader;
        this.memory = new ArrayList<>(memory);
        this.numBlocks = numBlocks;
    }

    @Override
    protected MemorySegment nextSegment(MemorySegment current) throws IOException {
        if (closed) {
            throw new IOException("The spill input view of " + reader.getChannelID() + " is closed");
        }
        if (numConsumed >= numBlocks) {
            throw new EOFException("End of spill file " + reader.getChannelID() + " (" + numBlocks + " blocks)");
        }
        if (!started) {
            started = true;
            for (MemorySegment segment : memory) {
                if (numRequested >= numBlocks) {
                    break;
                }
                reader.readBlock(segment);
                numRequested++;
            }
        } else if (current != null && numRequested < numBlocks) {
            reader.readBlock(current);
            numRequested++;
        }
        MemorySegment next = reader.getNextReturnedBlock();
        numConsumed++;
        return next;
    }

    @Override
    protected int getLimitForSegment(MemorySegment segment) throws IOException {
        short magic = segment.getShort(ChannelWriterOutputView.MAGIC_OFFSET);
        int used = segment.getInt(ChannelWriterOutputView.LENGTH_OFFSET);
        if (magic != ChannelWriterOutputView.BLOCK_MAGIC || used < headerLength || used > segment.size()) {
            throw new IOException("Corrupt block " + numConsumed + " of spill file " + reader.getChannelID()
                    + ": magic 0x" + Integer.toHexString(magic & 0xffff) + ", " + used + " bytes used in a segment of "
                    + segment.size() + " bytes (expected: magic 0x"
                    + Integer.toHexString(ChannelWriterOutputView.BLOCK_MAGIC & 0xffff) + " and " + headerLength + " to "
                    + segment.size() + " bytes used). Was the file written by a ChannelWriterOutputView with the same segment size?");
        }
        return used;
    }

    /**
     * Waits for outstanding reads, closes the channel (the file stays) and returns all the memory
     * this view was given. May be called before the end of the data.
     *
     * @throws IOException the first error of any read
     */
    public List<MemorySegment> close() throws IOException {
        if (closed) {
            throw new IllegalStateException("close: the spill input view of " + reader.getChannelID()
                    + " is already closed (expected: close once)");
        }
        closed = true;
        clear();
        reader.close();
        Set<MemorySegment> own = Collections.newSetFromMap(new IdentityHashMap<>());
        own.addAll(memory);
        reader.getReturnQueue().removeIf(own::contains);
        return new ArrayList<>(memory);
    }

    /** {@link #close()}, then deletes the file (also when close fails). */
    public List<MemorySegment> closeAndDelete() throws IOException {
        try {
            return close();
        } finally {
            reader.deleteChannel();
        }
    }

    /** The channel this view reads from. */
    public BlockChannelReader getChannel() {
        return reader;
    }
}
