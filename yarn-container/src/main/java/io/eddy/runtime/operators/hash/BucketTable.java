package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.MemorySegment;
import java.util.List;

/**
 * The index of a hash table: an open-addressing array of slots spread over pages, with linear
 * probing and a load factor of at most one half, so there are no overflow buckets: a key's entries
 * sit in the run of occupied slots that starts at its home slot.
 *
 * <pre>
 * slot := [int hash][long record address + 1]     (address 0 marks a free slot)
 * home slot := hash &amp; (slots - 1)              (the low bits; partitions use the high bits)
 * </pre>
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class BucketTable {

    static final int SLOT_BYTES = 12;
    private static final int MIN_SLOTS = 16;

    private final List<MemorySegment> pages;
    private final int slotsPerPage;
    private final int mask;
    private final int capacity;
    private int size;

    /** Cursor state of the current lookup (one lookup at a time). */
    private int cursorHash;
    private int cursorSlot;

    /** A table for {@code pages.size()} pages as computed by {@link #pagesFor}; the pages are cleared. */
    BucketTable(List<MemorySegment> pages, int slots) {
        this.pages = pages;
        this.slotsPerPage = pages.get(0).size() / SLOT_BYTES;
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
        while (addressAt(slot) >= 0) {
            slot = (slot + 1) & mask;
        }
        MemorySegment page = pages.get(slot / slotsPerPage);
        int off = (slot % slotsPerPage) * SLOT_BYTES;
        page.putInt(off, hash);
        page.putLong(off + 4, address + 1);
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
            long address = addressAt(slot);
            if (address < 0) {
                return -1;
            }
            cursorSlot = (slot + 1) & mask;
            if (hashAt(slot) == cursorHash) {
                return slot;
            }
        }
    }

    /** The record address held in {@code slot}, or -1 if it is free. */
    long addressAt(int slot) {
        return pages.get(slot / slotsPerPage).getLong((slot % slotsPerPage) * SLOT_BYTES + 4) - 1;
    }

    void setAddress(int slot, long address) {
        pages.get(slot / slotsPerPage).putLong((slot % slotsPerPage) * SLOT_BYTES + 4, address + 1);
    }

    /** The hash held in {@code slot} (meaningful only if it is occupied). */
    int hashAt(int slot) {
        return pages.get(slot / slotsPerPage).getInt((slot % slotsPerPage) * SLOT_BYTES);
    }
}
