package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.MemorySegment;
import java.util.List;

/**
 * The index of a hash table: an open-addressing array of slots spread over pages, with linear
 * probing and a load factor of at most one half, so there are no overflow buckets: a key's entries
 * sit in the run of occupied slots that starts at its home slot.
 *
 * <pre>
 * slot := long: [int hash][int record address / 4 + 1, unsigned]     (0 marks a free slot)
 * home slot := hash &amp; (slots - 1)              (the low bits; partitions use the high bits)
 * </pre>
 *
 * A slot is one 8-byte word, so a lookup reads hash and address with one load, a 64-byte cache
 * line holds eight slots of a probe run, and a page (a power of two of bytes) holds a power of two
 * of slots: a slot's page and offset are a shift and a mask. Record addresses are multiples of
 * {@link RecordArea#ALIGNMENT} below {@link RecordArea#MAX_ADDRESS}, which {@link RecordArea}
 * guarantees.
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class BucketTable {

    static final int SLOT_BYTES = 8;
    private static final int MIN_SLOTS = 16;

    private final List<MemorySegment> pages;
    private final int slotShift;
    private final int slotMask;
    private final int mask;
    private final int capacity;
    private int size;

    /** Cursor state of the current lookup (one lookup at a time). */
    private int cursorHash;
    private int cursorSlot;

    /** A table for {@code pages.size()} pages as computed by {@link #pagesFor}; the pages are cleared. */
    BucketTable(List<MemorySegment> pages, int slots) {
        this.pages = pages;
        int slotsPerPage = pages.get(0).size() / SLOT_BYTES;
        if (Integer.bitCount(slotsPerPage) != 1) {
            throw new IllegalArgumentException("Bug: a bucket table's page of " + pages.get(0).size() + " bytes is not a power of two");
        }
        this.slotShift = Integer.numberOfTrailingZeros(slotsPerPage);
        this.slotMask = slotsPerPage - 1;
        this.mask = slots - 1;
        this.capacity = slots / 2;
        clear();
    }

    /** The number of slots for {@code records} entries at a load of at most one half. */
    static int slotsFor(int records) {
        long wanted = Math.max(MIN_SLOTS, 2L * records);
        long slots = Long.highestOneBit(wanted - 1) << 1;
        if (slots > (1 << 30)) {
            throw new IllegalArgumentException("BucketTable: " + records + " records exceed one table's limit of "
                    + (1 << 29) + " (expected: fewer records per partition; use more partitions)");
        }
        return (int) slots;
    }

    static int pagesFor(int slots, int pageSize) {
        int slotsPerPage = pageSize / SLOT_BYTES;
        return (slots + slotsPerPage - 1) / slotsPerPage;
    }

    List<MemorySegment> pages() {
        return pages;
    }

    int size() {
        return size;
    }

    int slotCount() {
        return mask + 1;
    }

    /** Frees all slots. */
    void clear() {
        for (MemorySegment page : pages) {
            for (int off = 0; off + 8 <= page.size(); off += 8) {
                page.putLong(off, 0L);
            }
        }
        size = 0;
    }

    /** Whether one more entry keeps the load at most one half. */
    boolean hasRoom() {
        return size < capacity;
    }

    void insert(int hash, long address) {
        if (!hasRoom()) {
            throw new IllegalStateException("Bug: bucket table full at " + size + " entries");
        }
        int slot = hash & mask;
        while (word(slot) != 0L) {
            slot = (slot + 1) & mask;
        }
        putWord(slot, ((long) hash << 32) | encode(address));
        size++;
    }

    /** Starts a lookup of the entries with hash {@code hash}; iterate with {@link #nextSlot()}. */
    void startLookup(int hash) {
        cursorHash = hash;
        cursorSlot = hash & mask;
    }

    /** The next slot of the current lookup holding an entry with the looked-up hash, or -1. */
    int nextSlot() {
        while (true) {
            int slot = cursorSlot;
            long word = word(slot);
            if (word == 0L) {
                return -1;
            }
            cursorSlot = (slot + 1) & mask;
            if ((int) (word >>> 32) == cursorHash) {
                return slot;
            }
        }
    }

    /** The word of {@code hash}'s home slot (0 if free). */
    long homeWord(int hash) {
        return word(hash & mask);
    }

    /** The record address in {@code hash}'s home slot, or -1 if it is free. */
    long homeAddress(int hash) {
        return decode(word(hash & mask));
    }

    /** The record address held in {@code slot}, or -1 if it is free. */
    long addressAt(int slot) {
        return decode(word(slot));
    }

    void setAddress(int slot, long address) {
        long word = word(slot);
        putWord(slot, (word & 0xFFFF_FFFF_0000_0000L) | encode(address));
    }

    /** The hash held in {@code slot} (meaningful only if it is occupied). */
    int hashAt(int slot) {
        return (int) (word(slot) >>> 32);
    }

    private long word(int slot) {
        return pages.get(slot >>> slotShift).getLong((slot & slotMask) << 3);
    }

    private void putWord(int slot, long word) {
        pages.get(slot >>> slotShift).putLong((slot & slotMask) << 3, word);
    }

    /** The low word of a slot for {@code address}: never 0. */
    private static long encode(long address) {
        if (address < 0 || address >= RecordArea.MAX_ADDRESS || (address & (RecordArea.ALIGNMENT - 1)) != 0) {
            throw new IllegalArgumentException("Bug: record address " + address + " is not an aligned address below " + RecordArea.MAX_ADDRESS);
        }
        return (address >>> 2) + 1;
    }

    /** The address of a slot's word, or -1 for a free slot. */
    private static long decode(long word) {
        long low = word & 0xFFFF_FFFFL;
        return low == 0 ? -1 : (low - 1) << 2;
    }
}
