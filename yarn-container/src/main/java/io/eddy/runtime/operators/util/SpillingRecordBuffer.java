package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.ChannelReaderInputView;
import io.eddy.runtime.io.disk.ChannelWriterOutputView;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Records buffered serialized in managed memory, in arrival order, and read back once or many times
 * as fresh objects: a whole partition of {@code mapPartition}, one group of a group reduce or
 * combine, the buffered side of a cross, one key's group of a sort-merge join. Once the pages are
 * full, this and every later record goes to one spill file; each {@link #pass()} reads the
 * in-memory records, then the file.
 *
 * <pre>
 *   add()* → pass() → next()* → pass() ... → clear() → add()* ... → close()
 *   add()* → iterator() (one pass as an Iterator) → clear() ...
 * </pre>
 *
 * <p>Memory: with an {@link IOManager}, {@value #IO_PAGES} of the given pages are the spill file's
 * write and later read buffers and the rest hold records; without one the buffer never spills, all
 * pages hold records and {@link #add} returns false when they are full. {@link #clear()} and {@link
 * #close()} delete the file; {@link #close()} is idempotent and safe after a failure at any point.
 * The pages stay the caller's, except those of a buffer made by {@link #allocate}, which {@link
 * #close()} returns to their memory manager.
 *
 * <p>Not thread-safe: owned by the task thread (the I/O threads only see buffers in flight).
 */
public final class SpillingRecordBuffer<T> implements AutoCloseable {

    /** Pages reserved for the spill file's I/O. */
    public static final int IO_PAGES = 2;
    /** The fewest pages a spilling buffer accepts (a non-spilling one needs one). */
    public static final int MIN_PAGES = IO_PAGES + 1;

    private final TypeSerializer<T> serializer;
    private final IOManager ioManager;
    private final List<MemorySegment> ioPages;
    private final int pageSize;
    private final PagedRecordStore<T> memory;
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private final String owner;
    /** The memory manager whose pages this buffer owns ({@link #allocate}) and returns on close, or null: the pages are the caller's. */
    private MemoryManager pagesManager;
    private Object pagesOwner;

    private FileIOChannel.ID fileId;
    private ChannelWriterOutputView fileWriter;
    private ChannelReaderInputView fileReader;
    private int fileBlocks;
    private long fileRecords;
    private boolean reading;
    private long spilledFiles;

    /**
     * @param pages pages of one size: at least {@link #MIN_PAGES} with an I/O manager, else at least one
     * @param ioManager where to spill, or null for a buffer that never spills
     * @param owner the operator and subtask, named in errors
     */
    public SpillingRecordBuffer(TypeSerializer<T> serializer, List<MemorySegment> pages, IOManager ioManager, String owner) {
        int ioPageCount = ioManager == null ? 0 : IO_PAGES;
        if (pages.size() < ioPageCount + 1) {
            throw new IllegalArgumentException("Bug: a record buffer of " + owner + " got " + pages.size() + " pages (expected: at least "
                    + (ioPageCount + 1) + ")");
        }
        this.serializer = serializer.duplicate();
        this.ioManager = ioManager;
        this.ioPages = new ArrayList<>(pages.subList(0, ioPageCount));
        this.pageSize = pages.get(0).size();
        this.memory = new PagedRecordStore<>(serializer, pages.subList(ioPageCount, pages.size()));
        this.owner = owner;
    }

    /**
     * A spilling buffer on {@code pages} pages of {@code memoryManager} that it owns: {@link
     * #close()} gives them back (a buffer that outlives the operator's share of memory, such as a
     * loop's kept static input).
     *
     * @param pages at least {@link #MIN_PAGES}
     * @throws MemoryAllocationException if the manager has not that many pages free
     */
    public static <T> SpillingRecordBuffer<T> allocate(TypeSerializer<T> serializer, MemoryManager memoryManager, int pages,
            IOManager ioManager, String owner) throws MemoryAllocationException {
        Object pagesOwner = new Object() {
            @Override
            public String toString() {
                return owner;
            }
        };
        SpillingRecordBuffer<T> buffer = new SpillingRecordBuffer<>(serializer, memoryManager.allocatePages(pagesOwner, pages), ioManager,
                owner);
        buffer.pagesManager = memoryManager;
        buffer.pagesOwner = pagesOwner;
        return buffer;
    }

    /**
     * Adds one record; spills it (and all later ones) if the pages are full. Not after the first
     * {@link #pass()} (until {@link #clear()}).
     *
     * @return true; false only for a buffer without I/O manager whose pages are full (the record was
     *     not added)
     */
    public boolean add(T record) throws IOException {
        scratch.clear();
        serializer.serialize(record, scratch);
        return addSerialized(scratch.getSharedBuffer(), scratch.length());
    }

    /**
     * Adds one entry given as bytes ({@code bytes[0..length)}), as {@link #add} does: it counts as
     * one record. For entries of the caller's own layout, read back with {@link Pass#nextInput()}.
     *
     * @return as {@link #add}
     */
    public boolean addSerialized(byte[] bytes, int length) throws IOException {
        if (reading) {
            throw new IllegalStateException("Bug: record added to the buffer of " + owner + " after it was read (call clear() first)");
        }
        if (fileWriter == null && memory.tryAdd(bytes, length)) {
            return true;
        }
        if (ioManager == null) {
            return false;
        }
        if (fileWriter == null) {
            openFile();
        }
        fileWriter.write(bytes, 0, length);
        fileRecords++;
        return true;
    }

    /** The number of records buffered. */
    public long size() {
        return memory.size() + fileRecords;
    }

    /** Whether records went to disk since the last {@link #clear()}. */
    public boolean spilled() {
        return fileId != null;
    }

    public boolean isEmpty() {
        return memory.isEmpty() && fileRecords == 0;
    }

    /** The number of spill files this buffer wrote in its life (for tests and metrics). */
    public long spilledFiles() {
        return spilledFiles;
    }

    /** Starts a new pass over all records (ending a pass in progress). */
    public Pass pass() throws IOException {
        if (!reading) {
            reading = true;
            if (fileWriter != null) {
                ChannelWriterOutputView w = fileWriter;
                fileWriter = null;
                w.close();
                fileBlocks = w.getBlockCount();
            }
        }
        closeFileReader();
        return new Pass();
    }

    /** Forgets all records and deletes the spill file; the buffer can be filled again. */
    public void clear() throws IOException {
        memory.reset();
        reading = false;
        fileRecords = 0;
        discardFile();
    }

    @Override
    public void close() throws IOException {
        try {
            discardFile();
        } finally {
            if (pagesManager != null) {
                pagesManager.releaseAll(pagesOwner);
            }
        }
    }

    private void openFile() throws IOException {
        fileId = ioManager.createChannel();
        spilledFiles++;
        fileWriter = new ChannelWriterOutputView(ioManager.createBlockChannelWriter(fileId, new LinkedBlockingQueue<>()),
                ioPages, pageSize);
    }

    private void closeFileReader() throws IOException {
        if (fileReader != null) {
            ChannelReaderInputView r = fileReader;
            fileReader = null;
            r.close();
        }
    }

    /** Closes the writer or reader in use and deletes the file; runs every step and throws the first error. */
    private void discardFile() throws IOException {
        IOException error = null;
        if (fileWriter != null) {
            ChannelWriterOutputView w = fileWriter;
            fileWriter = null;
            try {
                w.close();
            } catch (IOException e) {
                error = e;
            }
        }
        try {
            closeFileReader();
        } catch (IOException e) {
            error = addSuppressed(error, e);
        }
        if (fileId != null) {
            FileIOChannel.ID id = fileId;
            fileId = null;
            try {
                java.nio.file.Files.deleteIfExists(id.getPathFile().toPath());
            } catch (IOException e) {
                error = addSuppressed(error, new IOException("Deleting the spill file " + id + " of " + owner + " failed", e));
            }
        }
        if (error != null) {
            throw error;
        }
    }

    private static IOException addSuppressed(IOException first, IOException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    /**
     * A new pass over all records as an {@link Iterator} (for user functions that take an {@code
     * Iterable}); an I/O failure while reading surfaces as an {@link UncheckedIOException}.
     */
    public Iterator<T> iterator() throws IOException {
        Pass pass = pass();
        return new Iterator<>() {
            private T next = pass.next();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public T next() {
                if (next == null) {
                    throw new NoSuchElementException("The buffered records of " + owner + " are exhausted (check hasNext())");
                }
                T current = next;
                try {
                    next = pass.next();
                } catch (IOException e) {
                    throw new UncheckedIOException("Reading a buffered record of " + owner + " back failed: " + e.getMessage(), e);
                }
                return current;
            }
        };
    }

    /** One pass over the buffer: the in-memory records, then those of the spill file. */
    public final class Pass {
        private final PagedRecordStore<T>.Reader memoryReader = memory.reader();
        private boolean inMemory = true;
        private long fileRead;

        /** The next record as a new object, or null after the last one. */
        public T next() throws IOException {
            DataInputView input = nextInput();
            if (input == null) {
                return null;
            }
            T record = serializer.deserialize(input);
            if (!inMemory && fileRead == fileRecords) {
                closeFileReader();
            }
            return record;
        }

        /**
         * The input positioned at the next entry, or null after the last one. The caller reads
         * exactly that entry's bytes (deserializes or skips them) before the next call; the file's
         * reader stays open until the pass ends or a new one starts.
         */
        public DataInputView nextInput() throws IOException {
            if (inMemory) {
                DataInputView input = memoryReader.nextInput();
                if (input != null) {
                    return input;
                }
                inMemory = false;
            }
            if (fileRead >= fileRecords) {
                return null;
            }
            if (fileReader == null) {
                fileReader = new ChannelReaderInputView(ioManager.createBlockChannelReader(fileId, new LinkedBlockingQueue<>()),
                        ioPages, fileBlocks);
            }
            fileRead++;
            return fileReader;
        }
    }
}
