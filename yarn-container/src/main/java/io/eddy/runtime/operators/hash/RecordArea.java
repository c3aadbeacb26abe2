package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Serialized records appended to a list of pages, as one logical byte stream: a record's address
 * is its offset in that stream, and records may span page boundaries; headers never do.
 *
 * <pre>
 * entry := [int flags (3 high bits) | length (29 low bits)][int hash][length bytes of the serialized record][padding to 4]
 * </pre>
 *
 * Entries start at multiples of {@link #ALIGNMENT} below {@link #MAX_ADDRESS}, so that a {@link
 * BucketTable} slot holds an address in 32 bits. The flags hold the join's "matched" mark (for
 * build-side outer joins), the aggregation fallback's "evicted" mark and the aggregation table's
 * "replaced" mark (the key's value moved to a later entry). Entries are never moved;
 * the aggregation table overwrites an entry's bytes in place when the new value has the same
 * length.
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class RecordArea {

    static final int HEADER_BYTES = 8;
    /** Entries start at multiples of this many bytes. */
    static final int ALIGNMENT = 4;
    /** Every entry ends at or below this address: 2^32 - 1 multiples of {@link #ALIGNMENT} (16 GiB per area). */
    static final long MAX_ADDRESS = 0xFFFF_FFFFL << 2;
    /** The longest record: the length field's 29 bits. */
    static final int MAX_LENGTH = (1 << 29) - 1;
    private static final int FLAG_REPLACED = 1 << 29;
    private static final int FLAG_MATCHED = 1 << 30;
    private static final int FLAG_EVICTED = 1 << 31;
    private static final int LENGTH_MASK = MAX_LENGTH;

    private final PagePool pool;
    private final int pageSize;
    /** A position's page is {@code pos >>> pageShift}, its offset {@code pos & pageMask} (page sizes are powers of two). */
    private final int pageShift;
    private final long pageMask;
    private final List<MemorySegment> pages = new ArrayList<>();
    private long size;
    private int count;
    private byte[] scratch = new byte[256];
    private final long maxAddress;

    RecordArea(PagePool pool) {
        this(pool, MAX_ADDRESS);
    }

    /** An area whose entries end at or below {@code maxAddress} (at most {@link #MAX_ADDRESS}; smaller in tests). */
    RecordArea(PagePool pool, long maxAddress) {
        if (maxAddress > MAX_ADDRESS) {
            throw new IllegalArgumentException("Bug: a record area's limit " + maxAddress + " exceeds " + MAX_ADDRESS);
        }
        this.maxAddress = maxAddress;
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
        long end = size + entryBytes(length);
        long needed = (end + pageSize - 1) / pageSize;
        return (int) Math.max(0, needed - pages.size());
    }

    /**
     * Appends a record, taking pages from the pool.
     *
     * @return the record's address, or -1 (and nothing changed) if the pool has too few pages or
     *     the entry would end beyond the area's address limit (16 GiB): the table is full either way
     *     (the join spills a partition, the aggregation table flushes)
     */
    long append(byte[] bytes, int length, int hash) {
        if (length > MAX_LENGTH) {
            throw new IllegalArgumentException("A serialized record of " + length + " bytes exceeds the hash table's limit of " + MAX_LENGTH
                    + " bytes per record");
        }
        if (size + entryBytes(length) > maxAddress) {
            return -1;
        }
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
        putBytes(address + HEADER_BYTES, bytes, 0, length);
        size += entryBytes(length);
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
        return getInt(address) & LENGTH_MASK;
    }

    /** The bytes of an entry holding a record of {@code length} bytes, padding included. */
    private static long entryBytes(int length) {
        return (HEADER_BYTES + (long) length + ALIGNMENT - 1) & -ALIGNMENT;
    }

    int hash(long address) {
        return getInt(address + 4);
    }

    boolean isMatched(long address) {
        return (getInt(address) & FLAG_MATCHED) != 0;
    }

    void setMatched(long address) {
        putInt(address, getInt(address) | FLAG_MATCHED);
    }

    /** Whether the aggregation table moved this entry's key out to an overflow file. */
    boolean isEvicted(long address) {
        return (getInt(address) & FLAG_EVICTED) != 0;
    }

    void setEvicted(long address) {
        putInt(address, getInt(address) | FLAG_EVICTED);
    }

    /** Whether the aggregation table stored this entry's key again in a later entry (this one is garbage). */
    boolean isReplaced(long address) {
        return (getInt(address) & FLAG_REPLACED) != 0;
    }

    void setReplaced(long address) {
        putInt(address, getInt(address) | FLAG_REPLACED);
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
        long next = address + entryBytes(length(address));
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

    /** An int at a multiple of 4 (never across a page boundary: page sizes are powers of two of at least 4 bytes). */
    private void putInt(long pos, int v) {
        pages.get((int) (pos >>> pageShift)).putInt((int) (pos & pageMask), v);
    }

    private int getInt(long pos) {
        return pages.get((int) (pos >>> pageShift)).getInt((int) (pos & pageMask));
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
