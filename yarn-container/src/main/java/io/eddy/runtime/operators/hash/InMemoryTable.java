package io.eddy.runtime.operators.hash;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * The records of one in-memory partition (or of one block of the nested-loop fallback): a {@link
 * RecordArea} filled while the build input is read, and a {@link BucketTable} index built over it
 * once the build input ends ({@link #buildIndex()}), sized to the final record count.
 *
 * <p>Not thread-safe: owned by the task thread.
 */
final class InMemoryTable {

    private final PagePool pool;
    private final RecordArea records;
    private BucketTable index;

    InMemoryTable(PagePool pool) {
        this.pool = pool;
        this.records = new RecordArea(pool);
    }

    /**
     * Appends a serialized record, leaving at least {@code reservePages} pages free in the pool.
     *
     * @return its address, or -1 (nothing changed) if the pages would not suffice
     */
    long append(byte[] bytes, int length, int hash, int reservePages) {
        if (pool.available() - records.pagesNeededFor(length) < reservePages) {
            return -1;
        }
        return records.append(bytes, length, hash);
    }

    int recordCount() {
        return records.count();
    }

    int recordPages() {
        return records.pageCount();
    }

    /** Pages the index for the current records would take. */
    int indexPagesNeeded() {
        return indexPagesFor(records.count(), pool.pageSize());
    }

    static int indexPagesFor(int recordCount, int pageSize) {
        return BucketTable.pagesFor(BucketTable.slotsFor(recordCount), pageSize);
    }

    /** Builds the index over all records; the pool must hold {@link #indexPagesNeeded()} free pages. */
    void buildIndex() {
        int slots = BucketTable.slotsFor(records.count());
        index = new BucketTable(pool.take(BucketTable.pagesFor(slots, pool.pageSize())), slots);
        for (long a = records.first(); a >= 0; a = records.next(a)) {
            index.insert(records.hash(a), a);
        }
    }

    /** Starts a lookup of the records with hash {@code hash}; candidates via {@link #nextCandidate()}. */
    void startLookup(int hash) {
        index.startLookup(hash);
    }

    /** Loads the home slot of {@code hash} (for the cache), changing nothing; returns a value the caller should keep. */
    long touchSlot(int hash) {
        return index.homeWord(hash);
    }

    /** Loads the start of the record the home slot of {@code hash} points to, if any (for the cache), changing nothing. */
    int touchRecord(int hash) {
        long address = index.homeAddress(hash);
        return address < 0 ? 0 : records.hash(address);
    }

    /** The hash of the record at {@code address}. */
    int hashAt(long address) {
        return records.hash(address);
    }

    /** The address of the next record with the looked-up hash, or -1. */
    long nextCandidate() {
        int slot = index.nextSlot();
        return slot < 0 ? -1 : index.addressAt(slot);
    }

    void read(long address, DataInputDeserializer target) {
        records.read(address, target);
    }

    void copyTo(long address, DataOutputView target) throws IOException {
        records.copyTo(address, target);
    }

    boolean isMatched(long address) {
        return records.isMatched(address);
    }

    void setMatched(long address) {
        records.setMatched(address);
    }

    long first() {
        return records.first();
    }

    long next(long address) {
        return records.next(address);
    }

    /** Gives the record and index pages back to the pool; the table is empty afterwards. */
    void release() {
        records.release();
        if (index != null) {
            pool.give(index.pages());
            index = null;
        }
    }
}
