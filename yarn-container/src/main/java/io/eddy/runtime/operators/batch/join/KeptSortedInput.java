package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;

/**
 * A static input of a sort-based driver in a loop (co-group, sort-merge join), kept sorted by the
 * driver (docs/iterations.md, "Task runtime contract"): in the loop's first superstep the input is
 * sorted as usual and every record the merge reads from the sorted input is also written, in that
 * order, to a {@link SpillingRecordBuffer} ({@value #PAGES} pages of its own, then one spill file);
 * in every later superstep the buffer is read back in place of sorting the input again.
 *
 * <pre>
 *   first superstep:  keep(sorted iterator) → the merge reads it → complete() (reads and keeps the rest)
 *   later:            sorted() → the merge reads it ...            close() (deletes the file, frees the pages)
 * </pre>
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class KeptSortedInput<T> implements AutoCloseable {

    /** The pages a kept input takes (two of them buffer the spill file), besides the driver's share. */
    static final int PAGES = 16;

    private final SpillingRecordBuffer<T> buffer;
    private final String owner;
    private Keeping keeping;
    private boolean complete;

    /**
     * @param owner names the driver, subtask and input, e.g. {@code "'Join (1/2)' input 1"}
     * @throws MemoryAllocationException if the worker has not {@value #PAGES} pages free
     */
    KeptSortedInput(TypeSerializer<T> serializer, MemoryManager memoryManager, IOManager ioManager, String owner)
            throws MemoryAllocationException {
        this.owner = owner;
        this.buffer = SpillingRecordBuffer.allocate(serializer, memoryManager, PAGES, ioManager, "the kept sorted input " + owner);
    }

    /** Whether the input is kept in full (its first superstep ended): {@link #sorted()} serves it. */
    boolean isComplete() {
        return complete;
    }

    /** In the first superstep: {@code sorted} as it is, keeping each record it returns. */
    MutableObjectIterator<T> keep(MutableObjectIterator<T> sorted) {
        if (complete || keeping != null) {
            throw new IllegalStateException("Bug: the sorted input " + owner + " is kept twice");
        }
        keeping = new Keeping(sorted);
        return keeping;
    }

    /** The first superstep's merge is done: keeps what it did not read of the sorted input. */
    void complete() throws IOException {
        if (keeping == null) {
            throw new IllegalStateException("Bug: the sorted input " + owner + " was completed before it was kept");
        }
        while (keeping.next() != null) {
            // next() keeps each record.
        }
        keeping = null;
        complete = true;
    }

    /** The kept records in sorted order, each as a fresh object (a later superstep). */
    MutableObjectIterator<T> sorted() throws IOException {
        if (!complete) {
            throw new IllegalStateException("Bug: the sorted input " + owner + " is read before its first superstep kept all of it");
        }
        SpillingRecordBuffer<T>.Pass pass = buffer.pass();
        return new MutableObjectIterator<>() {
            @Override
            public T next(T reuse) throws IOException {
                return pass.next();
            }

            @Override
            public T next() throws IOException {
                return pass.next();
            }
        };
    }

    /** The number of records kept. */
    long size() {
        return buffer.size();
    }

    @Override
    public void close() throws IOException {
        buffer.close();
    }

    @Override
    public String toString() {
        return "the kept sorted input " + owner;
    }

    /** Reads the sorted input and keeps each record before the merge (and the user function) sees it. */
    private final class Keeping implements MutableObjectIterator<T> {
        private final MutableObjectIterator<T> sorted;
        private boolean ended;

        Keeping(MutableObjectIterator<T> sorted) {
            this.sorted = sorted;
        }

        @Override
        public T next(T reuse) throws IOException {
            return ended ? null : kept(sorted.next(reuse));
        }

        @Override
        public T next() throws IOException {
            return ended ? null : kept(sorted.next());
        }

        private T kept(T record) throws IOException {
            if (record == null) {
                ended = true;
            } else if (!buffer.add(record)) {
                throw new IllegalStateException("Bug: " + KeptSortedInput.this + " is full but cannot spill: it has no IOManager");
            }
            return record;
        }
    }
}
