package io.eddy.runtime.io.network.partition;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferRecycler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The materialized content of one blocking result partition: every finished buffer of every
 * subpartition, in order, kept on the heap while the partition's memory budget lasts and appended
 * to one spill file after that. An index (one list of entries per subpartition) says where each
 * buffer lives, so each subpartition reads back in the order it was written, from memory or by
 * positional reads of the file.
 *
 * <pre>
 *  WRITING --all subpartitions ended--> FINISHED (readable, any number of readers)
 *     |                                    |
 *     '--fail(cause)--> FAILED             '--release()--> RELEASED (file deleted)
 * </pre>
 *
 * <p>Threads: state, index and file writes are guarded by {@code this}; the producing task thread
 * writes, readers (consumer task threads, Netty event loops) read the index after FINISHED (it no
 * longer changes) and read the file with positional reads outside the lock. Listeners are called
 * outside the lock.
 */
final class BlockingPartitionData {

    private static final Logger LOG = LoggerFactory.getLogger(BlockingPartitionData.class);

    /** Where one buffer lives: {@code bytes} in memory, or {@code length} bytes at {@code fileOffset} of the spill file. */
    record Entry(byte[] bytes, long fileOffset, int length, boolean event) {}

    private final ResultPartitionId id;
    private final String owningTaskName;
    private final BlockingPartitionSettings settings;
    /** Guarded by this: per subpartition, its buffers in order. */
    private final List<List<Entry>> index;
    /** Guarded by this. */
    private final List<BlockingSubpartitionView> views = new ArrayList<>();
    /** Guarded by this. */
    private long bytesInMemory;
    /** Guarded by this. */
    private long bytesSpilled;
    /** Guarded by this: created with the first buffer that does not fit in memory. */
    private Path spillFile;
    /** Written under this; read by readers after FINISHED (positional reads are thread-safe). */
    private volatile FileChannel channel;
    /** Guarded by this. */
    private int unfinishedSubpartitions;
    private volatile boolean finished;
    private volatile Throwable failure;
    private volatile boolean released;

    BlockingPartitionData(ResultPartitionId id, String owningTaskName, int numberOfSubpartitions, BlockingPartitionSettings settings) {
        this.id = id;
        this.owningTaskName = owningTaskName;
        this.settings = settings;
        this.index = new ArrayList<>(numberOfSubpartitions);
        for (int i = 0; i < numberOfSubpartitions; i++) {
            index.add(new ArrayList<>());
        }
        this.unfinishedSubpartitions = numberOfSubpartitions;
    }

    /**
     * Appends a copy of {@code buffer}'s bytes to {@code subpartition} (the caller keeps and recycles
     * the buffer). Dropped if the partition failed or was released.
     *
     * @throws UncheckedIOException if the spill file cannot be written; the partition is then failed
     */
    void append(int subpartition, Buffer buffer) {
        synchronized (this) {
            if (failure != null || released) {
                return;
            }
            if (finished) {
                throw new IllegalStateException("Bug: " + id + " of task " + owningTaskName + " received a buffer after it finished");
            }
            int length = buffer.length();
            if (bytesInMemory + length <= settings.memoryBytes()) {
                byte[] copy = new byte[length];
                buffer.nioBuffer().get(copy);
                bytesInMemory += length;
                index.get(subpartition).add(new Entry(copy, -1, length, buffer.isEvent()));
                return;
            }
            try {
                long offset = spillLocked(buffer.nioBuffer());
                index.get(subpartition).add(new Entry(null, offset, length, buffer.isEvent()));
            } catch (IOException e) {
                UncheckedIOException spillFailure = new UncheckedIOException("Cannot spill blocking " + id + " of task " + owningTaskName
                        + " to " + (spillFile != null ? spillFile : settings.spillDirectory()) + ": " + e.getMessage()
                        + " (free disk space there, or point the spill directory elsewhere: io.tmp.dirs)", e);
                failure = spillFailure;
                throw spillFailure;
            }
        }
    }

    /** Guarded by this: writes {@code bytes} at the end of the spill file; returns where. */
    private long spillLocked(ByteBuffer bytes) throws IOException {
        if (channel == null) {
            Files.createDirectories(settings.spillDirectory());
            spillFile = Files.createTempFile(settings.spillDirectory(), "eddy-blocking-v" + id.vertex() + "-o" + id.output() + "-s"
                    + id.subtask() + "-a" + id.attempt() + "-", ".spill");
            channel = FileChannel.open(spillFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        long offset = bytesSpilled;
        while (bytes.hasRemaining()) {
            bytesSpilled += channel.write(bytes, bytesSpilled);
        }
        return offset;
    }

    /** One subpartition received its end-of-partition event; after the last, the data becomes readable. */
    void subpartitionFinished() {
        List<BlockingSubpartitionView> toNotify;
        synchronized (this) {
            if (--unfinishedSubpartitions > 0 || failure != null || released) {
                return;
            }
            finished = true;
            toNotify = List.copyOf(views);
        }
        toNotify.forEach(BlockingSubpartitionView::notifyListener);
    }

    void fail(Throwable cause) {
        List<BlockingSubpartitionView> toNotify;
        synchronized (this) {
            if (failure != null || released) {
                return;
            }
            failure = cause;
            toNotify = List.copyOf(views);
        }
        toNotify.forEach(BlockingSubpartitionView::notifyListener);
    }

    /**
     * Drops the data and deletes the spill file; readers that are not done see an error. Idempotent.
     * A file that cannot be deleted is logged (WARN) and left behind.
     */
    void release() {
        List<BlockingSubpartitionView> toNotify;
        Path toDelete;
        FileChannel toClose;
        synchronized (this) {
            if (released) {
                return;
            }
            released = true;
            // readers may still hold the old lists: they see the release at their next poll
            index.replaceAll(entries -> new ArrayList<>());
            bytesInMemory = 0;
            toDelete = spillFile;
            toClose = channel;
            toNotify = List.copyOf(views);
            views.clear();
        }
        try {
            if (toClose != null) {
                toClose.close();
            }
            if (toDelete != null) {
                Files.deleteIfExists(toDelete);
            }
        } catch (IOException e) {
            // release is cleanup of a whole job: one file that cannot go must not keep the other partitions
            LOG.warn("Cannot delete the spill file {} of blocking {} of task {}: delete it by hand", toDelete, id, owningTaskName, e);
        } finally {
            toNotify.forEach(BlockingSubpartitionView::notifyListener);
        }
    }

    BlockingSubpartitionView createView(int subpartition, BufferAvailabilityListener listener) throws IOException {
        BlockingSubpartitionView view = new BlockingSubpartitionView(this, subpartition, listener);
        synchronized (this) {
            if (released) {
                throw releasedException(subpartition);
            }
            views.add(view);
        }
        return view;
    }

    synchronized void removeView(BlockingSubpartitionView view) {
        views.remove(view);
    }

    /** The subpartition's entries once the data is readable, else null. Throws if failed or released. */
    List<Entry> entriesIfFinished(int subpartition) throws IOException {
        checkReadable(subpartition);
        synchronized (this) {
            return finished ? index.get(subpartition) : null;
        }
    }

    /** The subpartition's entries once readable, else null; never throws (for backlog questions). */
    synchronized List<Entry> indexIfFinished(int subpartition) {
        return finished && !released ? index.get(subpartition) : null;
    }

    void checkReadable(int subpartition) throws IOException {
        Throwable cause = failure;
        if (cause != null) {
            throw new ProducerFailedException("The producer of blocking " + id + " (task " + owningTaskName + ") failed: " + cause, cause);
        }
        if (released) {
            throw releasedException(subpartition);
        }
    }

    boolean isErroneous() {
        return failure != null || released;
    }

    boolean isFinished() {
        return finished;
    }

    /** The buffer of {@code entry}: a wrapper of the in-memory copy, or a fresh heap buffer read from the spill file. */
    Buffer read(int subpartition, Entry entry) throws IOException {
        if (entry.bytes() != null) {
            return Buffer.owning(MemorySegment.wrap(entry.bytes()), entry.length(), entry.event(), BufferRecycler.UNPOOLED);
        }
        byte[] bytes = new byte[entry.length()];
        ByteBuffer target = ByteBuffer.wrap(bytes);
        try {
            while (target.hasRemaining()) {
                int read = channel.read(target, entry.fileOffset() + target.position());
                if (read < 0) {
                    throw new IOException("Bug: the spill file " + spillFile + " of " + id + " ends before offset "
                            + (entry.fileOffset() + entry.length()));
                }
            }
        } catch (ClosedChannelException e) {
            checkReadable(subpartition);
            throw e;
        }
        return Buffer.owning(MemorySegment.wrap(bytes), entry.length(), entry.event(), BufferRecycler.UNPOOLED);
    }

    private IOException releasedException(int subpartition) {
        return new IOException("Subpartition " + subpartition + " of blocking " + id + " (task " + owningTaskName + ") was released:"
                + " its job ended or its producer was cancelled, and a blocking result cannot be read after that");
    }

    synchronized long bytesInMemory() {
        return bytesInMemory;
    }

    synchronized long bytesSpilled() {
        return bytesSpilled;
    }

    /** The spill file, or null if everything fit in memory (or the data was released). */
    synchronized Path spillFile() {
        return released ? null : spillFile;
    }

    @Override
    public String toString() {
        return "blocking " + id + " of task " + owningTaskName;
    }
}
