package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;

/**
 * The common part of the asynchronous block reader and writer: the open file, the count of pending
 * requests, the first error, and the return queue.
 *
 * <p>Threads: the owner thread issues requests and closes; the I/O thread completes requests
 * ({@link #requestDone}). {@code pending} is guarded by {@code lock}; {@code error} and
 * {@code closed} are volatile and written under {@code lock}.
 */
abstract class AsynchronousFileIOChannel implements FileIOChannel {

    private static final Logger LOG = LoggerFactory.getLogger(AsynchronousFileIOChannel.class);

    protected final ID id;
    protected final FileChannel fileChannel;
    private final BlockingQueue<MemorySegment> returnQueue;
    private final IOThread ioThread;
    private final Object lock = new Object();

    /** Guarded by {@code lock}. */
    private int pending;
    /** Guarded by {@code lock}: requests completed so far, and the position of the first failed one among them. */
    private long completed;
    private long failedAt = Long.MAX_VALUE;
    /** Owner thread: segments taken from the return queue by {@link #getNextReturnedBlock()}. */
    private long taken;
    private volatile IOException error;
    private volatile boolean closed;

    AsynchronousFileIOChannel(ID id, IOThread ioThread, BlockingQueue<MemorySegment> returnQueue, String purpose,
            OpenOption... options) throws IOException {
        this.id = Objects.requireNonNull(id, "id");
        this.ioThread = ioThread;
        this.returnQueue = Objects.requireNonNull(returnQueue, "returnQueue");
        try {
            this.fileChannel = FileChannel.open(id.getPathFile().toPath(), options);
        } catch (IOException e) {
            throw new IOException("Cannot open spill file " + id + " for " + purpose + ": " + e
                    + ". Check that the directories of io.tmp.dirs exist, are writable and have free space.", e);
        }
    }

    @Override
    public ID getChannelID() {
        return id;
    }

    @Override
    public BlockingQueue<MemorySegment> getReturnQueue() {
        return returnQueue;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public MemorySegment getNextReturnedBlock() throws IOException {
        MemorySegment segment;
        try {
            segment = returnQueue.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for a block of spill file " + id);
        }
        taken++;
        // Requests complete in order, so the segment of the first failed request is the failedAt-th one returned (both count from 1).
        long failedPosition;
        synchronized (lock) {
            failedPosition = failedAt;
        }
        if (taken >= failedPosition) {
            checkError();
        }
        return segment;
    }

    /** Queues {@code request} on this channel's I/O thread. */
    protected final void addRequest(IORequest request) throws IOException {
        checkError();
        synchronized (lock) {
            if (closed) {
                throw new IOException("Spill file channel " + id + " is closed: no further blocks can be read or written");
            }
            pending++;
        }
        try {
            ioThread.addRequest(request);
        } catch (IOException e) {
            synchronized (lock) {
                pending--;
                lock.notifyAll();
            }
            throw e;
        }
    }

    /** Completes a request: records the error (the first wins), returns the segment. I/O thread. */
    protected final void requestDone(MemorySegment segment, IOException ioError) {
        synchronized (lock) {
            completed++;
            if (ioError != null && error == null) {
                error = ioError;
                failedAt = completed;
            }
        }
        returnQueue.add(segment);
        synchronized (lock) {
            pending--;
            lock.notifyAll();
        }
    }

    /** Rethrows the first asynchronous error, if any, with the caller's stack. */
    protected final void checkError() throws IOException {
        IOException e = error;
        if (e != null) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        boolean interrupted = false;
        synchronized (lock) {
            closed = true;
            while (pending > 0) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    // Keep waiting: the segments of pending requests must come back before the caller
                    // reuses or releases them. The I/O thread completes every request, also on shutdown.
                    interrupted = true;
                }
            }
        }
        try {
            if (fileChannel.isOpen()) {
                fileChannel.close();
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        checkError();
    }

    @Override
    public void closeAndDelete() throws IOException {
        try {
            close();
        } finally {
            deleteChannel();
        }
    }

    @Override
    public void deleteChannel() {
        if (fileChannel.isOpen()) {
            throw new IllegalStateException("deleteChannel: spill file " + id + " is still open (expected: close() first)");
        }
        File file = id.getPathFile();
        if (!file.delete() && file.exists()) {
            LOG.warn("Could not delete spill file {}; it is removed with its directory when the I/O manager closes", file);
        }
    }

    /** Wraps an I/O failure of a request with the file's name. */
    protected final IOException describe(String action, long blockBytes, IOException e) {
        if (e.getMessage() != null && e.getMessage().contains(id.toString())) {
            return e;
        }
        return new IOException(action + " a block of " + blockBytes + " bytes of spill file " + id + " failed: " + e, e);
    }
}
