package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.ChannelReaderInputView;
import io.eddy.runtime.io.disk.ChannelWriterOutputView;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A buffer of records that is read many times: the buffered side of a cross, or one key's group of
 * a sort-merge join that must be crossed with the other side's group. Records are kept serialized
 * in pages; once the pages are full, this and every later record goes to one spill file. Each
 * {@link #pass()} reads the in-memory records, then the file, as fresh objects.
 *
 * <pre>
 *   add()* → pass() → next()* → pass() ... → clear() → add()* ... → close()
 * </pre>
 *
 * <p>Memory: {@value #IO_PAGES} of the given pages are the spill file's write and later read
 * buffers; the rest hold records. {@link #clear()} and {@link #close()} delete the file; {@link
 * #close()} is idempotent and safe after a failure at any point. The pages stay the caller's.
 *
 * <p>Not thread-safe: owned by the task thread (the I/O threads only see buffers in flight).
 */
final class SpillingRecordBuffer<T> implements AutoCloseable {

    /** Pages reserved for the spill file's I/O. */
    static final int IO_PAGES = 2;
    /** The fewest pages a buffer accepts. */
    static final int MIN_PAGES = IO_PAGES + 1;

    private final TypeSerializer<T> serializer;
    private final IOManager ioManager;
    private final List<MemorySegment> ioPages;
    private final int pageSize;
    private final PagedRecordStore<T> memory;
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);
    private final String owner;

    private FileIOChannel.ID fileId;
    private ChannelWriterOutputView fileWriter;
    private ChannelReaderInputView fileReader;
    private int fileBlocks;
    private long fileRecords;
    private boolean reading;
    private long spilledFiles;

    /**
     * @param pages at least {@link #MIN_PAGES} pages of one size
     * @param owner the operator and subtask, named in errors
     */
    SpillingRecordBuffer(TypeSerializer<T> serializer, List<MemorySegment> pages, IOManager ioManager, String owner) {
        if (pages.size() < MIN_PAGES) {
            throw new IllegalArgumentException("Bug: a spilling record buffer of " + owner + " got " + pages.size()
                    + " pages (expected: at least " + MIN_PAGES + ")");
        }
        this.serializer = serializer.duplicate();
        this.ioManager = ioManager;
        this.ioPages = new ArrayList<>(pages.subList(0, IO_PAGES));
        this.pageSize = pages.get(0).size();
        this.memory = new PagedRecordStore<>(serializer, pages.subList(IO_PAGES, pages.size()));
        this.owner = owner;
    }

    /** Adds one record; spills it (and all later ones) if the pages are full. Not after the first {@link #pass()}. */
    void add(T record) throws IOException {
        if (reading) {
            throw new IllegalStateException("Bug: record added to the buffer of " + owner + " after it was read (call clear() first)");
        }
        scratch.clear();
        serializer.serialize(record, scratch);
        if (fileWriter == null && memory.tryAdd(scratch.getSharedBuffer(), scratch.length())) {
            return;
        }
        if (fileWriter == null) {
            openFile();
        }
        fileWriter.write(scratch.getSharedBuffer(), 0, scratch.length());
        fileRecords++;
    }

    /** Whether records went to disk since the last {@link #clear()}. */
    boolean spilled() {
        return fileId != null;
    }

    boolean isEmpty() {
        return memory.isEmpty() && fileRecords == 0;
    }

    /** The number of spill files this buffer wrote in its life (for tests and metrics). */
    long spilledFiles() {
        return spilledFiles;
    }

    /** Starts a new pass over all records (ending a pass in progress). */
    Pass pass() throws IOException {
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
    void clear() throws IOException {
        memory.reset();
        reading = false;
        fileRecords = 0;
        discardFile();
    }

    @Override
    public void close() throws IOException {
        discardFile();
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

    /** One pass over the buffer: the in-memory records, then those of the spill file. */
    final class Pass {
        private final PagedRecordStore<T>.Reader memoryReader = memory.reader();
        private boolean inMemory = true;
        private long fileRead;

        /** The next record as a new object, or null after the last one. */
        T next() throws IOException {
            if (inMemory) {
                T record = memoryReader.next();
                if (record != null) {
                    return record;
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
            T record = serializer.deserialize(fileReader);
            if (fileRead == fileRecords) {
                closeFileReader();
            }
            return record;
        }
    }
}
