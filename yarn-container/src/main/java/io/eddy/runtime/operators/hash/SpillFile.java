package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.runtime.io.disk.ChannelReaderInputView;
import io.eddy.runtime.io.disk.ChannelWriterOutputView;
import io.eddy.runtime.io.disk.FileIOChannel;
import io.eddy.runtime.io.disk.IOManager;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * One spill file of a hash join: written once through a {@link ChannelWriterOutputView}, then read
 * any number of times through a {@link ChannelReaderInputView}, then deleted. The I/O buffers come
 * from the owner's {@link PagePool} and go back to it when writing or a read ends.
 *
 * <p>Lifecycle: {@code create → out()* → finishWriting → (openReader → closeReader)* → delete};
 * {@link #discard()} at any point closes what is open and deletes the file (cleanup after failures).
 *
 * <p>Not thread-safe: owned by the task thread (the I/O threads only see the buffers in flight).
 */
final class SpillFile {

    static final int IO_BUFFERS = 2;

    private final IOManager ioManager;
    private final PagePool pool;
    private final FileIOChannel.ID id;
    private ChannelWriterOutputView writer;
    private ChannelReaderInputView reader;
    private int blockCount;
    private boolean deleted;

    private SpillFile(IOManager ioManager, PagePool pool) throws IOException {
        this.ioManager = ioManager;
        this.pool = pool;
        this.id = ioManager.createChannel();
        this.writer = new ChannelWriterOutputView(ioManager.createBlockChannelWriter(id, new LinkedBlockingQueue<>()),
                pool.take(IO_BUFFERS), pool.pageSize());
    }

    /** A new file open for writing, with {@link #IO_BUFFERS} pages taken from {@code pool}. */
    static SpillFile create(IOManager ioManager, PagePool pool) throws IOException {
        return new SpillFile(ioManager, pool);
    }

    DataOutputView out() {
        if (writer == null) {
            throw new IllegalStateException("Bug: spill file " + id + " is not open for writing");
        }
        return writer;
    }

    /** Flushes and closes the writer and gives its buffers back to the pool. */
    void finishWriting() throws IOException {
        ChannelWriterOutputView w = writer;
        writer = null;
        pool.give(w.close());
        blockCount = w.getBlockCount();
    }

    /** Opens the written file for reading with {@link #IO_BUFFERS} pages from the pool. */
    DataInputView openReader() throws IOException {
        if (writer != null || reader != null || deleted) {
            throw new IllegalStateException("Bug: spill file " + id + " opened for reading while "
                    + (writer != null ? "being written" : reader != null ? "being read" : "deleted"));
        }
        reader = new ChannelReaderInputView(ioManager.createBlockChannelReader(id, new LinkedBlockingQueue<>()),
                pool.take(IO_BUFFERS), blockCount);
        return reader;
    }

    /** Ends the current read (the file stays) and gives the buffers back to the pool. */
    void closeReader() throws IOException {
        ChannelReaderInputView r = reader;
        reader = null;
        pool.give(r.close());
    }

    /** Ends the current read, if any, and deletes the file. */
    void delete() throws IOException {
        if (reader != null) {
            closeReader();
        }
        deleteFile();
    }

    /**
     * Closes whatever is open, gives the buffers back where the views return them, and deletes the
     * file; for cleanup, also after an error. Idempotent.
     *
     * @throws IOException the first error of closing the views or deleting the file (all steps run)
     */
    void discard() throws IOException {
        IOException error = null;
        try {
            if (writer != null) {
                ChannelWriterOutputView w = writer;
                writer = null;
                pool.give(w.close());
            }
        } catch (IOException e) {
            error = e;
        }
        try {
            if (reader != null) {
                closeReader();
            }
        } catch (IOException e) {
            error = addSuppressed(error, e);
        } finally {
            reader = null;
        }
        try {
            deleteFile();
        } catch (IOException e) {
            error = addSuppressed(error, e);
        }
        if (error != null) {
            throw error;
        }
    }

    private void deleteFile() throws IOException {
        if (!deleted) {
            deleted = true;
            File file = id.getPathFile();
            Files.deleteIfExists(file.toPath());
        }
    }

    static IOException addSuppressed(IOException first, IOException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    @Override
    public String toString() {
        return "SpillFile[" + id + "]";
    }
}
