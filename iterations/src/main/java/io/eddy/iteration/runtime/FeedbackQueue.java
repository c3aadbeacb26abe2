package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The lane-local queue from a streaming loop's tail to its head (docs/iterations.md, "Streaming
 * iteration"): a first-in first-out queue of records and checkpoint markers that never blocks its
 * writer, so feedback cannot deadlock the loop under back pressure.
 *
 * <pre>
 *   writer (tail's thread):  add(r) add(r) addMarker(7) add(r) ...        appends to the writing buffer
 *   reader (head's thread):  poll() → RECORD | MARKER | NOTHING_AVAILABLE   drains the reading buffer; when it is
 *                            available() → completes on the next add        empty, swaps it with the writing one
 * </pre>
 *
 * <p><b>Memory.</b> Two {@link SpillingRecordBuffer}s of {@code pagesPerBuffer} pages of managed
 * memory each, allocated (all or nothing, under the queue as owner) when the queue is created and
 * released by {@link #close()}: the writer appends serialized records to one, the reader drains the
 * other. A buffer whose pages are full writes that record and every later one to a spill file of the
 * {@link IOManager} ({@link SpillingRecordBuffer#IO_PAGES} of its pages are the file's I/O buffers);
 * reading yields its memory, then its file. When the reading buffer is drained, the reader clears
 * it (deleting its file) and, if the writing buffer holds anything, swaps the two. So the queue keeps
 * at most {@code 2 × pagesPerBuffer} pages whatever the feedback's volume, the rest is on disk, and
 * records come out in the order they went in.
 *
 * <p><b>Markers</b> are not serialized: the queue remembers the number of records written before
 * each, and the reader returns a marker when it has read exactly that many records. A marker is a
 * checkpoint's barrier that went around the loop ({@link #addMarker}), or the news that every
 * regular input upstream of the tail ended ({@link #addInputsEnded}).
 *
 * <p><b>Threads.</b> One writer thread ({@link #add}, {@link #addMarker}) and one reader thread
 * ({@link #poll}, {@link #record}, {@link #marker}, {@link #available}); they may be the same (head
 * and tail chained). The writing buffer, the write count and the markers not yet taken by the reader
 * are guarded by {@link #lock}, which the writer takes per record (serializing, and spilling when the
 * pages are full, under it) and the reader only when it swaps buffers (finishing the writing buffer's
 * spill file under it); the reading buffer and everything else belong to the reader. Neither ever
 * waits for the other to make progress. {@link #close()} runs on the reader's thread, or after the
 * reader stopped.
 */
public final class FeedbackQueue<T> implements AutoCloseable {

    /** The fewest pages a queue takes: two buffers of {@link SpillingRecordBuffer#MIN_PAGES}. */
    public static final int MIN_PAGES = 2 * SpillingRecordBuffer.MIN_PAGES;

    /** What {@link #poll()} found. */
    public enum Next {
        /** A record: {@link #record()}. */
        RECORD,
        /** A checkpoint marker: {@link #marker()}. */
        MARKER,
        /** Every regular input upstream of the tail ended (the tail saw the final watermark). */
        INPUTS_ENDED,
        /** Nothing now: {@link #available()} completes when something comes. */
        NOTHING_AVAILABLE
    }

    /** The id a marker of {@link Next#INPUTS_ENDED} has among the markers (checkpoint ids are positive). */
    private static final long INPUTS_ENDED = -1;

    private final String name;
    private final MemoryManager memoryManager;
    private final Object lock = new Object();

    // Guarded by lock.
    private SpillingRecordBuffer<T> writing;
    /** Records added since the queue was created. */
    private long written;
    /** Per marker not yet handed to the reader: {records written before it, checkpoint id}. */
    private final ArrayDeque<long[]> markers = new ArrayDeque<>();
    /** The future the reader waits on, completed by the next add; null when it does not wait. */
    private CompletableFuture<Void> available;
    private boolean closed;

    // Reader thread.
    private SpillingRecordBuffer<T> reading;
    private SpillingRecordBuffer<T>.Pass pass;
    private long read;
    private final ArrayDeque<long[]> readerMarkers = new ArrayDeque<>();
    private T record;
    private long marker;

    /**
     * Creates the queue and allocates its pages.
     *
     * @param name what errors and logs call the queue, e.g. {@code "feedback queue of iteration 'iteration-1', lane 2/4"}
     * @param serializer the records' serializer (each buffer keeps a duplicate)
     * @param pagesPerBuffer the pages of each of the two buffers, at least {@link SpillingRecordBuffer#MIN_PAGES}
     * @throws MemoryAllocationException if the memory manager cannot give {@code 2 × pagesPerBuffer} pages
     */
    public FeedbackQueue(String name, TypeSerializer<T> serializer, MemoryManager memoryManager, IOManager ioManager, int pagesPerBuffer)
            throws MemoryAllocationException {
        this.name = Objects.requireNonNull(name, "name");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager");
        Objects.requireNonNull(serializer, "serializer");
        Objects.requireNonNull(ioManager, "ioManager");
        if (pagesPerBuffer < SpillingRecordBuffer.MIN_PAGES) {
            throw new IllegalArgumentException("pagesPerBuffer of the " + name + ": " + pagesPerBuffer + " (expected: at least "
                    + SpillingRecordBuffer.MIN_PAGES + ", the spill file's I/O pages and one page of records)");
        }
        List<MemorySegment> pages = memoryManager.allocatePages(this, 2 * pagesPerBuffer);
        this.writing = new SpillingRecordBuffer<>(serializer, new ArrayList<>(pages.subList(0, pagesPerBuffer)), ioManager, name);
        this.reading = new SpillingRecordBuffer<>(serializer, new ArrayList<>(pages.subList(pagesPerBuffer, 2 * pagesPerBuffer)), ioManager,
                name);
    }

    /** The pages per buffer that keep about {@code memoryBytes} in pages of {@code pageSize}, at least {@link SpillingRecordBuffer#MIN_PAGES}. */
    public static int pagesPerBuffer(long memoryBytes, int pageSize) {
        return (int) Math.max(SpillingRecordBuffer.MIN_PAGES, Math.min(Integer.MAX_VALUE / 2, memoryBytes / pageSize / 2));
    }

    /**
     * Appends {@code value}; never waits for the reader. Writer thread.
     *
     * @return false if the queue is closed (its head ended): the record is dropped
     * @throws IOException if spilling the record failed
     */
    public boolean add(T value) throws IOException {
        CompletableFuture<Void> wake;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            writing.add(value);
            written++;
            wake = takeWaiting();
        }
        if (wake != null) {
            wake.complete(null);
        }
        return true;
    }

    /**
     * Appends the marker of checkpoint {@code checkpointId} after the records added so far. Writer thread.
     *
     * @return false if the queue is closed
     */
    public boolean addMarker(long checkpointId) {
        if (checkpointId < 1) {
            throw new IllegalArgumentException("Bug: marker of checkpoint " + checkpointId + " in the " + name + " (expected: an id >= 1)");
        }
        return appendMarker(checkpointId);
    }

    /**
     * Appends the news that every regular input upstream of the tail ended, after the records added so far. Writer thread.
     *
     * @return false if the queue is closed
     */
    public boolean addInputsEnded() {
        return appendMarker(INPUTS_ENDED);
    }

    private boolean appendMarker(long checkpointId) {
        CompletableFuture<Void> wake;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            markers.addLast(new long[] {written, checkpointId});
            wake = takeWaiting();
        }
        if (wake != null) {
            wake.complete(null);
        }
        return true;
    }

    /**
     * The next record or marker in the order they were added, or nothing; never blocks on the writer.
     * Reader thread.
     *
     * @throws IllegalStateException if the queue is closed
     * @throws IOException if reading a spilled record back failed
     */
    public Next poll() throws IOException {
        while (true) {
            long[] next = readerMarkers.peekFirst();
            if (next != null && next[0] == read) {
                readerMarkers.removeFirst();
                marker = next[1];
                return marker == INPUTS_ENDED ? Next.INPUTS_ENDED : Next.MARKER;
            }
            if (pass != null) {
                T value = pass.next();
                if (value != null) {
                    read++;
                    record = value;
                    return Next.RECORD;
                }
                pass = null;
                reading.clear();
            }
            synchronized (lock) {
                checkOpen("poll");
                readerMarkers.addAll(markers);
                markers.clear();
                if (writing.isEmpty()) {
                    next = readerMarkers.peekFirst();
                    if (next != null && next[0] == read) {
                        continue;
                    }
                    record = null;
                    return Next.NOTHING_AVAILABLE;
                }
                SpillingRecordBuffer<T> drained = reading;
                reading = writing;
                writing = drained;
                pass = reading.pass();
            }
        }
    }

    /** The record {@link #poll()} returned last, a new object. Reader thread. */
    public T record() {
        return record;
    }

    /** The checkpoint id of the marker {@link #poll()} returned last. Reader thread. */
    public long marker() {
        return marker;
    }

    /**
     * Completes when {@link #poll()} may find something (at once if the writer added since the last
     * poll, or the queue is closed). Reader thread, after {@code poll()} found nothing.
     */
    public CompletableFuture<?> available() {
        synchronized (lock) {
            if (closed || !writing.isEmpty() || !markers.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            if (available == null) {
                available = new CompletableFuture<>();
            }
            return available;
        }
    }

    /** The records added since the queue was created (markers not counted). Any thread; for tests and logs. */
    public long written() {
        synchronized (lock) {
            return written;
        }
    }

    /** The spill files written since the queue was created. For tests and metrics; reader thread, or while no one polls. */
    public long spilledFiles() {
        synchronized (lock) {
            return writing.spilledFiles() + reading.spilledFiles();
        }
    }

    /**
     * Releases the pages and deletes the spill files; a reader waiting on {@link #available()} is
     * woken. Idempotent. Later adds return false, later polls fail. Reader thread, or after the
     * reader stopped.
     *
     * @throws IOException the first failure to close or delete a spill file (both buffers are
     *     tried; the memory is released either way)
     */
    @Override
    public void close() throws IOException {
        CompletableFuture<Void> wake;
        IOException error = null;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            wake = takeWaiting();
            try {
                for (SpillingRecordBuffer<T> buffer : List.of(writing, reading)) {
                    try {
                        buffer.close();
                    } catch (IOException e) {
                        if (error == null) {
                            error = e;
                        } else {
                            error.addSuppressed(e);
                        }
                    }
                }
            } finally {
                pass = null;
                memoryManager.releaseAll(this);
            }
        }
        if (wake != null) {
            wake.complete(null);
        }
        if (error != null) {
            throw error;
        }
    }

    /** Whether {@link #close()} was called. Any thread. */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    @Override
    public String toString() {
        return name;
    }

    /** The waiting reader's future, now owned by the caller to complete outside the lock. Under {@link #lock}. */
    private CompletableFuture<Void> takeWaiting() {
        CompletableFuture<Void> wake = available;
        available = null;
        return wake;
    }

    private void checkOpen(String action) {
        if (closed) {
            throw new IllegalStateException("Cannot " + action + ": the " + name + " is closed (its head closed it when its task ended, or"
                    + " the job was released from the worker)");
        }
    }
}
