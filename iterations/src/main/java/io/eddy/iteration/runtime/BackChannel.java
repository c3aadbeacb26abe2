package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The lane-local channel from a bulk loop's tail to its head (docs/iterations.md): the tail writes
 * the records of superstep <i>s</i>, seals <i>s</i> at its end, and the head reads sealed <i>s</i> in
 * superstep <i>s + 1</i> (or, after the last superstep, as the loop's result) while the tail may
 * already write <i>s + 1</i>.
 *
 * <pre>
 *   writer (tail's thread):  write(1, r)* seal(1)  write(2, r)* seal(2)  write(3, r)* ...
 *   reader (head's thread):                read(1) ... close        read(2) ... close
 *   buffer:                  [1]           [1]=sealed, [0] written  [0]=sealed, [1] written again
 * </pre>
 *
 * <p><b>Two buffers, alternating.</b> Superstep <i>s</i> is written into buffer <i>s</i> mod 2. A
 * sealed superstep is never written again; its buffer is written again (for <i>s + 2</i>) only after
 * the reader closed its {@link Reader}. The loop's protocol guarantees that: the head reads sealed
 * <i>s − 1</i> before it ends superstep <i>s</i>, and the tail seals <i>s</i> (and so starts writing
 * <i>s + 1</i>) only after that end reached it through the body. A channel that finds its next
 * buffer still unread fails the writer with a "Bug:" error instead of waiting.
 *
 * <p><b>Never blocks its writer.</b> The loop must not deadlock on back pressure, so a write never
 * waits for the reader: each buffer keeps serialized records in {@code pagesPerSuperstep} pages of
 * managed memory ({@link SpillingRecordBuffer#IO_PAGES} of them are the spill file's I/O buffers)
 * and, once they are full, writes that record and every later one of the superstep to one spill
 * file of the {@link IOManager}. Reading a sealed superstep yields the in-memory records, then
 * those of the file: the order in which they were written. The channel so holds at most {@code 2 ×
 * pagesPerSuperstep} pages, all allocated (under the channel as owner) when it is created and
 * released by {@link #close()}.
 *
 * <p><b>Threads.</b> {@link #write} and {@link #seal} are called by one writer thread (the tail's
 * task), {@link #read} and the {@link Reader} by one reader thread (the head's task); both may be
 * the same thread when head and tail are chained. The buffer being written belongs to the writer,
 * a sealed buffer to the reader from {@link #read} until {@link Reader#close()}; ownership passes
 * under {@link #lock}, which also guards the bookkeeping below. Writes take the lock per record
 * (held while the record is serialized and, when spilling, while a full block is queued), and
 * reads take it per record to check that the channel is open, so a concurrent {@link #close()}
 * never tears a buffer in the middle of a write. The reader never waits for the writer to make
 * progress, nor the writer for the reader. {@link #close()} must not run while a {@link Reader} is in use
 * on another thread: the head closes the channel on its own thread after its last read, the lane
 * closes it after the loop's tasks ended.
 */
public final class BackChannel<T> implements AutoCloseable {

    /**
     * The pages each superstep's buffer holds in managed memory when nothing else is said: 64 pages
     * of the default 32 KiB are 2 MiB per superstep, 4 MiB per lane of a loop.
     */
    public static final int DEFAULT_PAGES_PER_SUPERSTEP = 64;

    private final String name;
    private final MemoryManager memoryManager;
    private final Object lock = new Object();

    // Guarded by lock.
    private final Slot<T>[] slots;
    /** The superstep the writer writes now, from the first one on; the one before it is sealed (or read already). */
    private int writing;
    private boolean closed;

    /** A channel whose first superstep is 1. */
    public BackChannel(String name, TypeSerializer<T> serializer, MemoryManager memoryManager, IOManager ioManager, int pagesPerSuperstep)
            throws MemoryAllocationException {
        this(name, serializer, memoryManager, ioManager, pagesPerSuperstep, 1);
    }

    /**
     * Creates the channel and allocates its pages.
     *
     * @param name what errors call the channel, e.g. {@code "back channel of iteration 'pagerank', lane 2/4"}
     * @param serializer the records' serializer (the channel keeps duplicates of it)
     * @param pagesPerSuperstep the pages of managed memory per superstep's buffer, at least {@link SpillingRecordBuffer#MIN_PAGES}
     * @param firstSuperstep the superstep the writer writes first: 1, or the one a resumed loop starts with
     * @throws MemoryAllocationException if the memory manager cannot give {@code 2 × pagesPerSuperstep} pages
     */
    @SuppressWarnings("unchecked")
    public BackChannel(String name, TypeSerializer<T> serializer, MemoryManager memoryManager, IOManager ioManager, int pagesPerSuperstep,
            int firstSuperstep) throws MemoryAllocationException {
        this.name = Objects.requireNonNull(name, "name");
        this.memoryManager = Objects.requireNonNull(memoryManager, "memoryManager");
        Objects.requireNonNull(serializer, "serializer");
        Objects.requireNonNull(ioManager, "ioManager");
        if (pagesPerSuperstep < SpillingRecordBuffer.MIN_PAGES) {
            throw new IllegalArgumentException("pagesPerSuperstep of the " + name + ": " + pagesPerSuperstep + " (expected: at least "
                    + SpillingRecordBuffer.MIN_PAGES + ", the spill file's I/O pages and one page of records)");
        }
        if (firstSuperstep < 1) {
            throw new IllegalArgumentException("firstSuperstep of the " + name + ": " + firstSuperstep + " (expected: at least 1)");
        }
        this.writing = firstSuperstep;
        List<MemorySegment> pages = memoryManager.allocatePages(this, 2 * pagesPerSuperstep);
        this.slots = new Slot[2];
        for (int i = 0; i < 2; i++) {
            List<MemorySegment> own = new ArrayList<>(pages.subList(i * pagesPerSuperstep, (i + 1) * pagesPerSuperstep));
            slots[i] = new Slot<>(new SpillingRecordBuffer<>(serializer.duplicate(), own, ioManager, name));
        }
    }

    /**
     * Appends {@code record} to superstep {@code superstep}; never waits for the reader. Writer thread.
     *
     * @throws IllegalStateException if {@code superstep} is not the one being written (sealed already,
     *     or a later one whose predecessor was not sealed), or the channel is closed
     * @throws IOException if spilling the record failed
     */
    public void write(int superstep, T record) throws IOException {
        synchronized (lock) {
            checkOpen("write a record of superstep " + superstep);
            if (superstep != writing) {
                throw new IllegalStateException(superstep < writing
                        ? "The " + name + " got a record of superstep " + superstep + ", which is sealed (a sealed superstep is never"
                                + " written again; the channel now takes superstep " + writing + ")"
                        : "The " + name + " got a record of superstep " + superstep + " while superstep " + writing
                                + " is not sealed yet (expected: seal(" + writing + ") first)");
            }
            slots[superstep % 2].buffer.add(record);
        }
    }

    /**
     * Ends superstep {@code superstep}: its records become readable and the writer goes on with
     * {@code superstep + 1}. Writer thread. Waits for the superstep's spill writes to finish.
     *
     * @throws IllegalStateException if {@code superstep} is not the one being written, the buffer of
     *     {@code superstep + 1} was not read and closed yet (a bug of the loop's protocol), or the
     *     channel is closed
     * @throws IOException if finishing the spill file failed
     */
    public void seal(int superstep) throws IOException {
        synchronized (lock) {
            checkOpen("seal superstep " + superstep);
            if (superstep != writing) {
                throw new IllegalStateException("The " + name + " was asked to seal superstep " + superstep + " but is writing superstep "
                        + writing + " (expected: seal(" + writing + "); a superstep is sealed once)");
            }
            Slot<T> next = slots[(superstep + 1) % 2];
            if (next.sealed != 0) {
                throw new IllegalStateException("Bug: the " + name + " seals superstep " + superstep + " while superstep " + next.sealed
                        + " was not read yet: the head must read superstep s - 1 before superstep s ends");
            }
            Slot<T> slot = slots[superstep % 2];
            slot.buffer.pass(); // finishes the spill file on the writer's thread; readers start their own pass
            slot.sealed = superstep;
            writing = superstep + 1;
        }
    }

    /** The superstep being written now (the one after the last sealed one), from 1. */
    public int writingSuperstep() {
        synchronized (lock) {
            return writing;
        }
    }

    /**
     * The records of sealed superstep {@code superstep}, in the order they were written. Reader
     * thread. Close the reader after use: that frees the buffer for superstep {@code superstep + 2}.
     *
     * @throws IllegalStateException if {@code superstep} is not sealed (not yet, or read and closed
     *     already), is being read, or the channel is closed
     */
    public Reader read(int superstep) throws IOException {
        synchronized (lock) {
            checkOpen("read superstep " + superstep);
            Slot<T> slot = slots[Math.floorMod(superstep, 2)];
            if (slot.sealed != superstep || superstep < 1) {
                throw new IllegalStateException("The " + name + " cannot read superstep " + superstep + ": it is "
                        + (superstep >= writing ? "not sealed yet (the tail writes superstep " + writing + ")" : "read already")
                        + " (expected: the head reads each sealed superstep once, after the tail sealed it)");
            }
            if (slot.reading) {
                throw new IllegalStateException("The " + name + " is reading superstep " + superstep + " already (expected: one reader at a time)");
            }
            slot.reading = true;
            return new Reader(slot, superstep, slot.buffer.pass());
        }
    }

    /**
     * Releases the pages and deletes the spill files. Idempotent. Later calls of {@link #write},
     * {@link #seal} and {@link #read} fail.
     *
     * @throws IOException the first failure to close or delete a spill file (every file is tried;
     *     the memory is released either way)
     */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            IOException error = null;
            try {
                for (Slot<T> slot : slots) {
                    try {
                        slot.buffer.close();
                    } catch (IOException e) {
                        if (error == null) {
                            error = e;
                        } else {
                            error.addSuppressed(e);
                        }
                    }
                }
            } finally {
                memoryManager.releaseAll(this);
            }
            if (error != null) {
                throw error;
            }
        }
    }

    /** The number of spill files written since the channel was created (tests and metrics). */
    public long spilledFiles() {
        synchronized (lock) {
            return slots[0].buffer.spilledFiles() + slots[1].buffer.spilledFiles();
        }
    }

    @Override
    public String toString() {
        return name;
    }

    private void checkOpen(String action) {
        if (closed) {
            throw new IllegalStateException("Cannot " + action + ": the " + name + " is closed (the loop's head closed it when its task"
                    + " ended, or the job was released from the worker)");
        }
    }

    /**
     * One superstep's buffer and its state. {@code sealed} and {@code reading} are guarded by the
     * channel's lock; the buffer's content belongs to the writer while {@code sealed == 0}, else to
     * the reader.
     */
    private static final class Slot<T> {
        final SpillingRecordBuffer<T> buffer;
        /** The sealed superstep the buffer holds, or 0 while it is written (or empty). */
        int sealed;
        boolean reading;

        Slot(SpillingRecordBuffer<T> buffer) {
            this.buffer = buffer;
        }
    }

    /**
     * One pass over a sealed superstep, on the reader's thread. {@link #close()} forgets the
     * superstep's records, deletes its spill file and hands the buffer back to the writer.
     */
    public final class Reader implements AutoCloseable {
        private final Slot<T> slot;
        private final int superstep;
        private final SpillingRecordBuffer<T>.Pass pass;
        private boolean done;

        private Reader(Slot<T> slot, int superstep, SpillingRecordBuffer<T>.Pass pass) {
            this.slot = slot;
            this.superstep = superstep;
            this.pass = pass;
        }

        /** The superstep read. */
        public int superstep() {
            return superstep;
        }

        /**
         * The next record as a new object, or null after the last one.
         *
         * @throws IllegalStateException if the reader or the channel was closed
         */
        public T next() throws IOException {
            if (done) {
                throw new IllegalStateException("The reader of superstep " + superstep + " of the " + name + " is closed");
            }
            synchronized (lock) {
                checkOpen("read on in superstep " + superstep);
            }
            return pass.next();
        }

        /** Releases the superstep: the buffer may be written again (for superstep + 2). Idempotent. */
        @Override
        public void close() throws IOException {
            if (done) {
                return;
            }
            done = true;
            synchronized (lock) {
                if (closed) {
                    return;
                }
                slot.reading = false;
                slot.sealed = 0;
                slot.buffer.clear();
            }
        }
    }
}
