package io.eddy.runtime.operators.batch;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.BlockChannelReader;
import io.eddy.runtime.io.disk.BlockChannelWriter;
import io.eddy.runtime.io.disk.ChannelReaderInputView;
import io.eddy.runtime.io.disk.ChannelWriterOutputView;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.AbstractPagedInputView;
import io.eddy.runtime.memory.AbstractPagedOutputView;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Buffers records serialized in managed memory, in arrival order, and spills what does not fit to
 * one file: the records that fit stay in the memory pages, later ones go to a spill file. Reading
 * returns the memory part, then the file. Used by {@code mapPartition} (the whole partition) and by
 * the group reduce over presorted input (one group at a time).
 *
 * <pre>
 *   pages: [ memory pages: records back to back ............ ][ I/O pages: spill write / read-ahead ]
 *   add()* -> memory full -> add()* to the spill file -> read() -> memory part, then file -> reset()
 * </pre>
 *
 * <p>Without an {@link IOManager} the buffer never spills: {@link #add} returns false when the
 * memory is full (all pages are then memory pages). The pages stay the caller's; {@link #close()}
 * deletes the spill file and stops using them. Not thread-safe: owned by the task thread.
 */
final class SpillingRecordBuffer<T> implements AutoCloseable {

    /** The fewest pages a spilling buffer needs: two memory pages and two I/O pages. */
    static final int MIN_PAGES = 4;

    private final TypeSerializer<T> serializer;
    private final List<MemorySegment> memoryPages;
    private final List<MemorySegment> ioPages;
    private final IOManager ioManager;
    private final int pageSize;
    private final MemoryWriter memoryOut;
    /** Page index and position after the last record in memory. */
    private int endPage;
    private int endPosition;
    private long inMemory;
    private long spilled;
    private FileIOChannel.ID spillFile;
    private ChannelWriterOutputView spillOut;
    private ChannelReaderInputView spillIn;
    private boolean reading;
    private boolean closed;

    /**
     * @param pages the memory to buffer in: at least {@link #MIN_PAGES} when spilling, else at least one
     * @param ioManager where to spill, or null to never spill
     */
    SpillingRecordBuffer(TypeSerializer<T> serializer, List<MemorySegment> pages, IOManager ioManager) {
        int min = ioManager == null ? 1 : MIN_PAGES;
        if (pages.size() < min) {
            throw new IllegalArgumentException("SpillingRecordBuffer: " + pages.size() + " memory pages (expected: at least " + min
                    + "; give the operator a larger share of managed memory)");
        }
        this.serializer = serializer;
        this.ioManager = ioManager;
        this.pageSize = pages.get(0).size();
        int numIoPages = ioManager == null ? 0 : Math.max(2, Math.min(8, pages.size() / 16));
        this.ioPages = List.copyOf(pages.subList(0, numIoPages));
        this.memoryPages = List.copyOf(pages.subList(numIoPages, pages.size()));
        this.memoryOut = new MemoryWriter();
    }

    /**
     * Appends {@code record}.
     *
     * @return false if the buffer does not spill and the record does not fit (the buffer is then unchanged)
     */
    boolean add(T record) throws IOException {
        if (reading || closed) {
            throw new IllegalStateException("Bug: SpillingRecordBuffer.add() while " + (closed ? "closed" : "reading (call reset() first)"));
        }
        if (spillOut != null) {
            serializer.serialize(record, spillOut);
            spilled++;
            return true;
        }
        int startPage = memoryOut.pageIndex;
        int startPosition = memoryOut.getCurrentPositionInSegment();
        try {
            serializer.serialize(record, memoryOut);
        } catch (MemoryFullException full) {
            memoryOut.rewind(startPage, startPosition);
            if (ioManager == null) {
                return false;
            }
            startSpilling();
            serializer.serialize(record, spillOut);
            spilled++;
            return true;
        }
        endPage = memoryOut.pageIndex;
        endPosition = memoryOut.getCurrentPositionInSegment();
        inMemory++;
        return true;
    }

    private void startSpilling() throws IOException {
        spillFile = ioManager.createChannel();
        BlockChannelWriter writer = ioManager.createBlockChannelWriter(spillFile, new LinkedBlockingQueue<>());
        spillOut = new ChannelWriterOutputView(writer, ioPages, pageSize);
    }

    /** The number of records added since the last reset. */
    long size() {
        return inMemory + spilled;
    }

    boolean isEmpty() {
        return size() == 0;
    }

    /** Whether records went to a spill file since the last reset. */
    boolean hasSpilled() {
        return spillFile != null;
    }

    /**
     * Ends writing and returns the records in the order they were added; valid until {@link #reset()}
     * or {@link #close()}. Read errors surface as {@link UncheckedIOException}.
     */
    Iterator<T> read() throws IOException {
        if (reading || closed) {
            throw new IllegalStateException("Bug: SpillingRecordBuffer.read() twice without reset(), or after close()");
        }
        reading = true;
        if (spillOut != null) {
            ChannelWriterOutputView out = spillOut;
            spillOut = null;
            out.close();
            BlockChannelReader reader = ioManager.createBlockChannelReader(spillFile, new LinkedBlockingQueue<>());
            spillIn = new ChannelReaderInputView(reader, ioPages, out.getBlockCount());
        }
        return new RecordIterator(new MemoryReader(), spillIn);
    }

    /** Forgets all records and deletes the spill file; the buffer takes records again. */
    void reset() throws IOException {
        if (closed) {
            throw new IllegalStateException("Bug: SpillingRecordBuffer.reset() after close()");
        }
        reading = false;
        inMemory = 0;
        spilled = 0;
        endPage = 0;
        endPosition = 0;
        memoryOut.rewind(0, 0);
        discardSpillFile();
    }

    private void discardSpillFile() throws IOException {
        ChannelWriterOutputView out = spillOut;
        ChannelReaderInputView in = spillIn;
        FileIOChannel.ID file = spillFile;
        spillOut = null;
        spillIn = null;
        spillFile = null;
        IOException failure = null;
        if (out != null) {
            try {
                out.getChannel().closeAndDelete();
            } catch (IOException e) {
                failure = e;
            }
        }
        if (in != null) {
            try {
                in.closeAndDelete();
            } catch (IOException e) {
                failure = failure == null ? e : withSuppressed(failure, e);
            }
        }
        if (file != null && !file.getPathFile().delete() && file.getPathFile().exists() && failure == null) {
            failure = new IOException("Could not delete the spill file " + file.getPath() + " of a batch record buffer");
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static IOException withSuppressed(IOException first, IOException next) {
        first.addSuppressed(next);
        return first;
    }

    /** Deletes the spill file and stops using the pages; idempotent, safe in any phase. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        discardSpillFile();
    }

    /** Signals that the memory pages are full; never escapes {@link #add}. */
    private static final class MemoryFullException extends EOFException {
        private static final long serialVersionUID = 1L;

        MemoryFullException() {
            super("the record buffer's memory pages are full");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    /** Writes records back to back over the memory pages (no page header). */
    private final class MemoryWriter extends AbstractPagedOutputView {
        private int pageIndex;

        MemoryWriter() {
            super(memoryPages.get(0), pageSize, 0);
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent) throws IOException {
            if (pageIndex + 1 >= memoryPages.size()) {
                throw new MemoryFullException();
            }
            return memoryPages.get(++pageIndex);
        }

        void rewind(int page, int position) {
            pageIndex = page;
            seekOutput(memoryPages.get(page), position);
        }
    }

    /** Reads the memory part back: full pages up to the last record's end. */
    private final class MemoryReader extends AbstractPagedInputView {
        private int pageIndex;

        MemoryReader() {
            super(memoryPages.get(0), endPage == 0 ? endPosition : pageSize, 0);
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current) throws IOException {
            if (pageIndex >= endPage) {
                throw new EOFException("Bug: read past the records of a batch record buffer");
            }
            return memoryPages.get(++pageIndex);
        }

        @Override
        protected int getLimitForSegment(MemorySegment segment) {
            return pageIndex == endPage ? endPosition : pageSize;
        }
    }

    /** The memory records, then the spilled ones; every record a fresh object. */
    private final class RecordIterator implements Iterator<T> {
        private final MemoryReader memoryIn;
        private final ChannelReaderInputView fileIn;
        private long memoryLeft = inMemory;
        private long fileLeft = spilled;

        RecordIterator(MemoryReader memoryIn, ChannelReaderInputView fileIn) {
            this.memoryIn = memoryIn;
            this.fileIn = fileIn;
        }

        @Override
        public boolean hasNext() {
            return memoryLeft + fileLeft > 0;
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException("The buffered records are exhausted (check hasNext())");
            }
            try {
                if (memoryLeft > 0) {
                    memoryLeft--;
                    return serializer.deserialize(memoryIn);
                }
                fileLeft--;
                return serializer.deserialize(fileIn);
            } catch (IOException e) {
                throw new UncheckedIOException("Reading a buffered record back failed: " + e.getMessage(), e);
            }
        }
    }
}
