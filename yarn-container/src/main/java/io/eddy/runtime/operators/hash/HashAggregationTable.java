package io.eddy.runtime.operators.hash;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.operators.util.KeyHasher;
import java.io.IOException;
import java.util.List;

/**
 * A hash table that reduces records by key in managed memory, for the hash-based reduce ({@link
 * SpillingHashAggregation}; the combiner before a shuffle keeps objects instead, {@link
 * HeapCombiningTable}). One serialized value per key lives in a {@link RecordArea};
 * a {@link BucketTable} indexes it. Index and records take pages from one pool: the index starts
 * with at most a quarter of the pages and doubles when it is half full and the pool still has the
 * pages for the doubled index, so many small records get a large index and a few large ones a
 * small one.
 *
 * <p>{@link #updateOrInsert} looks the record's key up: if present, the reduce function combines the
 * stored value with the record, and the result overwrites the stored bytes when its serialized length
 * is unchanged (the common case for numeric aggregates) or is appended as a new entry to which the
 * key's slot is re-pointed otherwise (the old bytes become garbage until the next flush). When memory
 * is full (no room in the record area or the index), the table emits every value to the output and
 * starts over, so the output must accept partial aggregates: {@link SpillingHashAggregation} spills
 * them and aggregates them again.
 *
 * <p>Not thread-safe: all calls come from the task thread. The pages stay the caller's: it releases
 * them to the memory manager after {@link #close()}.
 */
public final class HashAggregationTable<T> {

    /** The share of the pages the index of an empty table takes at most. */
    private static final int INITIAL_INDEX_SHARE_DIVISOR = 4;

    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> comparator;
    private final KeyHasher<T> hasher;
    private final ReduceFunction<T> reducer;
    private final Collector<T> output;
    private final PagePool pool;
    private final RecordArea records;
    private BucketTable index;
    private final int initialSlots;
    private final DataOutputSerializer buffer = new DataOutputSerializer(256);
    private final DataInputDeserializer reader = new DataInputDeserializer();
    private final int hashLevel;
    private long flushes;
    private boolean closed;

    /**
     * @param pages at least 2 pages: the table's memory, until {@link #close()}
     * @param output receives the reduced values on each flush
     */
    public HashAggregationTable(TypeSerializer<T> serializer, TypeComparator<T> comparator, ReduceFunction<T> reducer,
            List<MemorySegment> pages, Collector<T> output) {
        this(serializer, comparator, reducer, pages, output, 0);
    }

    HashAggregationTable(TypeSerializer<T> serializer, TypeComparator<T> comparator, ReduceFunction<T> reducer,
            List<MemorySegment> pages, Collector<T> output, int hashLevel) {
        if (pages.size() < 2) {
            throw new IllegalArgumentException("HashAggregationTable: " + pages.size() + " memory pages (expected: at"
                    + " least 2; raise the operator's managed memory share)");
        }
        this.serializer = serializer.duplicate();
        this.comparator = comparator.duplicate();
        this.hasher = new KeyHasher<>(comparator);
        this.reducer = reducer;
        this.output = output;
        this.hashLevel = hashLevel;
        this.pool = new PagePool(pages);
        int pageSize = pool.pageSize();
        int slotsPerPage = pageSize / BucketTable.SLOT_BYTES;
        int maxSlots = Math.max(1, pages.size() / INITIAL_INDEX_SHARE_DIVISOR) * slotsPerPage;
        this.initialSlots = Integer.highestOneBit(maxSlots);
        this.index = new BucketTable(pool.take(BucketTable.pagesFor(initialSlots, pageSize)), initialSlots);
        this.records = new RecordArea(pool);
    }

    /**
     * Reduces {@code record} into the value stored for its key, or stores it if the key is new;
     * flushes all values to the output first when memory is full.
     *
     * @throws IllegalArgumentException if one record is larger than the table's whole memory
     * @throws Exception what the reduce function throws
     */
    public void updateOrInsert(T record) throws Exception {
        checkOpen("updateOrInsert");
        int hash = hasher.hash(record, hashLevel);
        comparator.setReference(record);
        index.startLookup(hash);
        for (int slot = index.nextSlot(); slot >= 0; slot = index.nextSlot()) {
            long address = index.addressAt(slot);
            records.read(address, reader);
            T stored = serializer.deserialize(reader);
            if (comparator.equalToReference(stored)) {
                update(slot, address, reducer.reduce(stored, record), record, hash);
                return;
            }
        }
        insertNew(record, hash);
    }

    /**
     * Like {@link #updateOrInsert}, but never flushes: a record that does not fit goes to {@code
     * overflow} instead, so that every value left in the table is final for its key (the block-wise
     * fallback of {@link SpillingHashAggregation}). A key whose grown value does not fit is evicted: its
     * reduced value goes to {@code overflow}, and so does every later record of that key.
     *
     * @return whether the record was reduced into or stored in the table
     */
    boolean tryUpdateOrInsert(T record, Collector<T> overflow) throws Exception {
        checkOpen("tryUpdateOrInsert");
        int hash = hasher.hash(record, hashLevel);
        comparator.setReference(record);
        index.startLookup(hash);
        for (int slot = index.nextSlot(); slot >= 0; slot = index.nextSlot()) {
            long address = index.addressAt(slot);
            records.read(address, reader);
            T stored = serializer.deserialize(reader);
            if (comparator.equalToReference(stored)) {
                if (records.isEvicted(address)) {
                    overflow.collect(record);
                    return false;
                }
                T reduced = reducer.reduce(stored, record);
                if (storeReduced(slot, address, reduced, hash)) {
                    return true;
                }
                records.setEvicted(address);
                overflow.collect(reduced);
                return false;
            }
        }
        serialize(record);
        if (tryAppend(hash)) {
            return true;
        }
        overflow.collect(record);
        return false;
    }

    /** Stores a key's reduced value in place or as a new entry; false if there is no room for it. */
    private boolean storeReduced(int slot, long address, T reduced, int hash) throws IOException {
        serialize(reduced);
        if (buffer.length() == records.length(address)) {
            records.overwrite(address, buffer.getSharedBuffer(), buffer.length());
            return true;
        }
        long newAddress = records.append(buffer.getSharedBuffer(), buffer.length(), hash);
        if (newAddress < 0) {
            return false;
        }
        index.setAddress(slot, newAddress);
        records.setReplaced(address);
        return true;
    }

    private void update(int slot, long address, T reduced, T record, int hash) throws IOException {
        if (storeReduced(slot, address, reduced, hash)) {
            return;
        }
        // No room for the grown value: emit everything (the key's old value included) and start the
        // key over from this record, which keeps the partial aggregates a combiner may emit correct.
        flush();
        insertNew(record, hash);
    }

    private void insertNew(T record, int hash) throws IOException {
        serialize(record);
        if (tryAppend(hash)) {
            return;
        }
        flush();
        if (!tryAppend(hash)) {
            throw new IllegalArgumentException("HashAggregationTable: a record of " + buffer.length()
                    + " serialized bytes does not fit into the table's " + pool.totalPages() + " pages of "
                    + pool.pageSize() + " bytes (expected: records smaller than the managed memory; raise the"
                    + " operator's managed memory share)");
        }
    }

    private boolean tryAppend(int hash) {
        if (!index.hasRoom() && !growIndex()) {
            return false;
        }
        long address = records.append(buffer.getSharedBuffer(), buffer.length(), hash);
        if (address < 0) {
            return false;
        }
        index.insert(hash, address);
        return true;
    }

    /**
     * Doubles the index if the pool has the pages for the doubled one (next to the current one, whose
     * pages go back to the pool afterwards); false if it has not.
     */
    private boolean growIndex() {
        long slots = 2L * index.slotCount();
        if (slots > (1 << 30)) {
            return false;
        }
        int pages = BucketTable.pagesFor((int) slots, pool.pageSize());
        if (pool.available() < pages) {
            return false;
        }
        BucketTable grown = new BucketTable(pool.take(pages), (int) slots);
        BucketTable old = index;
        for (int slot = 0, n = old.slotCount(); slot < n; slot++) {
            long address = old.addressAt(slot);
            if (address >= 0) {
                grown.insert(old.hashAt(slot), address);
            }
        }
        index = grown;
        pool.give(old.pages());
        return true;
    }

    /** Puts the index back to its initial size, its other pages back into the pool. */
    private void shrinkIndex() {
        if (index.slotCount() == initialSlots) {
            index.clear();
            return;
        }
        pool.give(index.pages());
        index = new BucketTable(pool.take(BucketTable.pagesFor(initialSlots, pool.pageSize())), initialSlots);
    }

    private void serialize(T value) throws IOException {
        buffer.clear();
        serializer.serialize(value, buffer);
    }

    /** Emits every stored value (but evicted ones) to the output, in no particular order, and empties the table. */
    public void flush() throws IOException {
        checkOpen("flush");
        // In the order the entries were written (sequential reads), not the index's (a cache miss per entry).
        for (long address = records.first(); address >= 0; address = records.next(address)) {
            if (!records.isReplaced(address) && !records.isEvicted(address)) {
                records.read(address, reader);
                output.collect(serializer.deserialize(reader));
            }
        }
        records.release();
        shrinkIndex();
        flushes++;
    }

    private void checkOpen(String call) {
        if (closed) {
            throw new IllegalStateException("HashAggregationTable: " + call + "() after close() (expected: no calls"
                    + " after close; create a new table)");
        }
    }

    /** How many times the table was flushed (when memory filled up, and by explicit {@link #flush()} calls). */
    public long flushCount() {
        return flushes;
    }

    /** The number of distinct keys currently stored. */
    public int size() {
        return index.size();
    }

    /**
     * Forgets all stored values without emitting them and stops using the pages, which the caller may
     * then release or reuse. Idempotent.
     */
    public void close() {
        if (!closed) {
            closed = true;
            records.release();
        }
    }
}
