package io.eddy.iteration.runtime;

import io.eddy.core.memory.MemorySegment;
import java.util.Arrays;

/**
 * A {@link PageStore} in pages of managed memory taken from the set's free pages as it grows; page
 * <i>n</i> holds the bytes from <i>n × pageSize</i> on.
 *
 * <p>Not thread-safe: used under the set's lock.
 */
final class MemoryPageStore extends PageStore {

    private final SolutionSetStorage storage;
    private final int shift;
    private final int mask;
    private final int pageSize;
    /** Whether pages are cleared when taken: an index reads zero as a free slot, a log never reads unwritten bytes. */
    private final boolean zeroed;
    private MemorySegment[] pages = new MemorySegment[4];
    private int count;

    MemoryPageStore(SolutionSetStorage storage, boolean zeroed) {
        this.storage = storage;
        this.pageSize = storage.pageSize();
        this.shift = Integer.numberOfTrailingZeros(pageSize);
        this.mask = pageSize - 1;
        this.zeroed = zeroed;
    }

    int pageCount() {
        return count;
    }

    MemorySegment page(int n) {
        return pages[n];
    }

    @Override
    int getInt(long address) {
        return pages[(int) (address >>> shift)].getInt((int) address & mask);
    }

    @Override
    void putInt(long address, int value) {
        pages[(int) (address >>> shift)].putInt((int) address & mask, value);
    }

    @Override
    long getLong(long address) {
        return pages[(int) (address >>> shift)].getLong((int) address & mask);
    }

    @Override
    void putLong(long address, long value) {
        pages[(int) (address >>> shift)].putLong((int) address & mask, value);
    }

    @Override
    void read(long address, byte[] target, int offset, int length) {
        while (length > 0) {
            int inPage = (int) address & mask;
            int n = Math.min(length, pageSize - inPage);
            pages[(int) (address >>> shift)].get(inPage, target, offset, n);
            address += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    void write(long address, byte[] source, int offset, int length) {
        while (length > 0) {
            int inPage = (int) address & mask;
            int n = Math.min(length, pageSize - inPage);
            pages[(int) (address >>> shift)].put(inPage, source, offset, n);
            address += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    int pagesToReach(long end) {
        return (int) Math.max(0, pagesFor(end) - count);
    }

    @Override
    void extendTo(long end) {
        long wanted = pagesFor(end);
        while (count < wanted) {
            MemorySegment page = storage.take();
            if (zeroed) {
                clear(page);
            }
            if (count == pages.length) {
                pages = Arrays.copyOf(pages, count * 2);
            }
            pages[count++] = page;
        }
    }

    @Override
    void truncate(long end) {
        long keep = pagesFor(end);
        while (count > keep) {
            storage.give(pages[--count]);
            pages[count] = null;
        }
    }

    @Override
    boolean inMemory() {
        return true;
    }

    @Override
    void discard() {
        truncate(0);
    }

    private long pagesFor(long end) {
        return (end + pageSize - 1) >>> shift;
    }

    private static void clear(MemorySegment page) {
        for (int off = 0; off < page.size(); off += 8) {
            page.putLong(off, 0L);
        }
    }

    @Override
    public String toString() {
        return "MemoryPageStore{pages=" + count + "}";
    }
}
