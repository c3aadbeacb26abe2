package io.eddy.runtime.operators.util;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.memory.AbstractPagedInputView;
import io.eddy.runtime.memory.AbstractPagedOutputView;
import java.io.EOFException;
import java.io.IOException;
import java.util.List;

/**
 * Serialized records back to back in a fixed list of pages (records span pages), appended until the
 * pages are full and read back any number of times, each time as fresh objects. The in-memory part
 * of {@link SpillingRecordBuffer} and the block of streamed records of the batch cross ({@code BlockNestedLoop}).
 *
 * <pre>
 *   tryAdd(bytes)* → reader() → next()* ... → reset() → tryAdd(bytes)* ...
 * </pre>
 *
 * <p>The pages stay the caller's. Not thread-safe: owned by the task thread.
 */
public final class PagedRecordStore<T> {

    private final TypeSerializer<T> serializer;
    private final List<MemorySegment> pages;
    private final int pageSize;
    private final Writer writer;
    private long bytes;
    private int count;

    /** @param pages at least one page, all of one size */
    public PagedRecordStore(TypeSerializer<T> serializer, List<MemorySegment> pages) {
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("Bug: a record store needs at least one page");
        }
        this.serializer = serializer.duplicate();
        this.pages = List.copyOf(pages);
        this.pageSize = pages.get(0).size();
        this.writer = new Writer();
    }

    /** The capacity in bytes. */
    public long capacity() {
        return (long) pages.size() * pageSize;
    }

    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /**
     * Appends one serialized record.
     *
     * @return false, leaving the store unchanged, if it does not fit
     */
    public boolean tryAdd(byte[] record, int length) throws IOException {
        if (bytes + length > capacity()) {
            return false;
        }
        writer.write(record, 0, length);
        bytes += length;
        count++;
        return true;
    }

    /** Forgets every record; the pages are written again from the start. */
    public void reset() {
        writer.restart();
        bytes = 0;
        count = 0;
    }

    /** A new pass over the records, in the order they were added. */
    public Reader reader() {
        return new Reader();
    }

    /** One pass over the records; {@link #next()} deserializes a fresh object each time. */
    public final class Reader {
        private final PageInput input = new PageInput();
        private int read;

        /** The next record as a new object, or null after the last one. */
        public T next() throws IOException {
            DataInputView view = nextInput();
            return view == null ? null : serializer.deserialize(view);
        }

        /** The input positioned at the next entry, or null after the last one; the caller reads exactly that entry's bytes. */
        public DataInputView nextInput() {
            if (read >= count) {
                return null;
            }
            read++;
            return input;
        }
    }

    /** Writes over the page list from its first page on. */
    private final class Writer extends AbstractPagedOutputView {
        private int pageIndex;

        Writer() {
            super(pages.get(0), pageSize, 0);
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current, int positionInCurrent) throws IOException {
            if (pageIndex + 1 >= pages.size()) {
                throw new EOFException("Bug: record store of " + pages.size() + " pages overflowed");
            }
            return pages.get(++pageIndex);
        }

        void restart() {
            pageIndex = 0;
            seekOutput(pages.get(0), 0);
        }
    }

    /** Reads the written bytes back; every page but the last written one is full. */
    private final class PageInput extends AbstractPagedInputView {
        private int pageIndex;

        PageInput() {
            super(pages.get(0), limitOf(0), 0);
        }

        @Override
        protected MemorySegment nextSegment(MemorySegment current) throws IOException {
            if ((long) (pageIndex + 1) * pageSize >= bytes) {
                throw new EOFException("Bug: read past the " + bytes + " bytes of a record store");
            }
            return pages.get(++pageIndex);
        }

        @Override
        protected int getLimitForSegment(MemorySegment segment) {
            return limitOf(pageIndex);
        }
    }

    private int limitOf(int pageIndex) {
        long start = (long) pageIndex * pageSize;
        return (int) Math.max(0, Math.min(pageSize, bytes - start));
    }
}
