package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Serialized records appended to a list of pages, as one logical byte stream: a record's address
 * is its offset in that stream, and records and their headers may span page boundaries.
 *
 * <pre>
 * entry := [int length][int hash][byte flags][length bytes of the serialized record]
 * </pre>
 *
 * The flags byte holds the join's "matched" mark (for build-side outer joins) and the aggregation
 * fallback's "evicted" mark. Entries are never
 * moved; the aggregation table overwrites an entry's bytes in place when the new value has the
 * same length.
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class RecordArea {

    static final int HEADER_BYTES = 9;
    static final byte FLAG_MATCHED = 1;
    static final byte FLAG_EVICTED = 2;

    private final PagePool pool;
    private final int pageSize;
    /** A position's page is {@code pos >>> pageShift}, its offset {@code pos & pageMask} (page sizes are powers of two). */
    private final int pageShift;
    private final long pageMask;
    private final List<MemorySegment> pages = new ArrayList<>();
    private long size;
    private int count;
    private byte[] scratch = new byte[256];

    RecordArea(PagePool pool) {
        this.pool = pool;
        this.pageSize = pool.pageSize();
        if (Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("Bug: a record area's page size " + pageSize + " is not a power of two");
        }
        this.pageShift = Integer.numberOfTrailingZeros(pageSize);
        this.pageMask = pageSize - 1;
    }

    /** Pages to take from the pool to append a record of {@code length} bytes. */
    int pagesNeededFor(int length) {
        long end = size + HEADER_BYTES + length;
        long needed = (end + pageSize - 1) / pageSize;
        return (int) Math.max(0, needed - pages.size());
    }

    /**
     * Appends a record, taking pages from the pool.
     *
     * @return the record's address, or -1 (and nothing changed) if the pool has too few pages
     */
    long append(byte[] bytes, int length, int hash) {
        int needed = pagesNeededFor(length);
        if (needed > pool.available()) {
            return -1;
        }
        for (int i = 0; i < needed; i++) {
            pages.add(pool.take());
        }
        long address = size;
        putInt(address, length);
        putInt(address + 4, hash);
        putByte(address + 8, (byte) 0);
        putBytes(address + HEADER_BYTES, bytes, 0, length);
        size += HEADER_BYTES + length;
        count++;
        return address;
    }

    /** Overwrites the bytes of the record at {@code address}; {@code length} must equal its length. */
    void overwrite(long address, byte[] bytes, int length) {
        if (length(address) != length) {
            throw new IllegalStateException("Bug: overwrite with " + length + " bytes of a record of " + length(address));
        }
        putBytes(address + HEADER_BYTES, bytes, 0, length);
    }

    int length(long address) {
        return getInt(address);
    }

    int hash(long address) {
        return getInt(address + 4);
    }

    boolean isMatched(long address) {
        return (getByte(address + 8) & FLAG_MATCHED) != 0;
    }

    void setMatched(long address) {
        putByte(address + 8, (byte) (getByte(address + 8) | FLAG_MATCHED));
    }

    /** Whether the aggregation table moved this entry's key out to an overflow file. */
    boolean isEvicted(long address) {
        return (getByte(address + 8) & FLAG_EVICTED) != 0;
    }

    void setEvicted(long address) {
        putByte(address + 8, (byte) (getByte(address + 8) | FLAG_EVICTED));
    }

    /** Points {@code target} at a copy of the serialized record at {@code address}. */
    void read(long address, DataInputDeserializer target) {
        int length = length(address);
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        getBytes(address + HEADER_BYTES, scratch, 0, length);
        target.setBuffer(scratch, 0, length);
    }

    /** Copies the serialized record at {@code address} to {@code target}. */
    void copyTo(long address, DataOutputView target) throws IOException {
        int length = length(address);
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        getBytes(address + HEADER_BYTES, scratch, 0, length);
        target.write(scratch, 0, length);
    }

    /** The first record's address, or -1 if empty. */
    long first() {
        return size == 0 ? -1 : 0;
    }

    /** The address of the record after {@code address}, or -1 after the last. */
    long next(long address) {
        long next = address + HEADER_BYTES + length(address);
        return next >= size ? -1 : next;
    }

    int count() {
        return count;
    }

    int pageCount() {
        return pages.size();
    }

    /** Gives all pages back to the pool and forgets all records. */
    void release() {
        pool.give(pages);
        size = 0;
        count = 0;
    }

    private void putInt(long pos, int v) {
        MemorySegment page = pages.get((int) (pos >>> pageShift));
        int off = (int) (pos & pageMask);
        if (off + 4 <= pageSize) {
            page.putInt(off, v);
        } else {
            for (int i = 0; i < 4; i++) {
                putByte(pos + i, (byte) (v >>> (24 - 8 * i)));
            }
        }
    }

    private int getInt(long pos) {
        MemorySegment page = pages.get((int) (pos >>> pageShift));
        int off = (int) (pos & pageMask);
        if (off + 4 <= pageSize) {
            return page.getInt(off);
        }
        int v = 0;
        for (int i = 0; i < 4; i++) {
            v = (v << 8) | (getByte(pos + i) & 0xff);
        }
        return v;
    }

    private void putByte(long pos, byte b) {
        pages.get((int) (pos >>> pageShift)).put((int) (pos & pageMask), b);
    }

    private byte getByte(long pos) {
        return pages.get((int) (pos >>> pageShift)).get((int) (pos & pageMask));
    }

    private void putBytes(long pos, byte[] src, int off, int len) {
        while (len > 0) {
            int pageOff = (int) (pos & pageMask);
            int n = Math.min(len, pageSize - pageOff);
            pages.get((int) (pos >>> pageShift)).put(pageOff, src, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    private void getBytes(long pos, byte[] dst, int off, int len) {
        while (len > 0) {
            int pageOff = (int) (pos & pageMask);
            int n = Math.min(len, pageSize - pageOff);
            pages.get((int) (pos >>> pageShift)).get(pageOff, dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }
}
