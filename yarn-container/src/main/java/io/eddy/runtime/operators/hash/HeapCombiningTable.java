package io.eddy.runtime.operators.hash;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;

/**
 * A combiner's hash table of live objects: one reduced value per key, kept as the object the reduce
 * function returned, so that combining a record into its key's value costs a hash, a probe and the
 * function call, and no (de)serialization. When the values' estimated size reaches the budget the
 * table emits all of them and starts over: the combiner mode, in which partial aggregates are
 * correct. It never spills.
 *
 * <p>Memory: the budget is the operator's share of managed memory, reserved but not allocated as
 * pages, so the heap it stands for holds these objects instead. The size of a value is estimated
 * as {@link #BYTES_PER_SERIALIZED_BYTE} heap bytes per serialized byte plus {@link
 * #BYTES_PER_ENTRY} for the entry (object headers, references, the slot), measured by serializing
 * the value when its key is inserted and again after one in about {@link #RESAMPLE_INTERVAL}
 * updates, chosen at random, so a value that grows (a list, a concatenation) is noticed; the slot
 * arrays count too. The factor
 * covers records of boxed fields and strings; a value whose heap form is far larger than its
 * serialized form (deep graphs of tiny objects) is underestimated, see docs/batch-drivers.md.
 *
 * <p>Batches ({@link CombiningTable}): each batch is passed over three times: hashes and the slots
 * they point to, the values found there, then the probes and reduce calls in the records' order.
 * The first two passes change nothing; they issue the cache misses of the batch's records together
 * (reaching a stored value is a cache miss or more per record once the table outgrows the cache,
 * and the table's largest cost).
 *
 * <p>Object reuse: the table keeps objects, so it copies ({@link TypeSerializer#copy}) the record
 * that starts a key and a reduce result that is the received record itself; a function that
 * modifies and returns its first argument ({@code a.f1 += b.f1; return a;}) therefore only ever
 * modifies the table's own object.
 *
 * <p>Not thread-safe: all calls come from the task thread.
 */
public final class HeapCombiningTable<T> extends CombiningTable<T> {

    /** Estimated heap bytes per serialized byte of a value. */
    static final int BYTES_PER_SERIALIZED_BYTE = 4;
    /** Estimated heap bytes of an entry beyond its serialized bytes. */
    static final int BYTES_PER_ENTRY = 64;
    /**
     * On average every this many updates, the updated value is measured again. The gaps are
     * random (1 to twice this), so that no pattern of keys in the input (two keys taking turns,
     * say) can hide a growing value from the samples.
     */
    static final int RESAMPLE_INTERVAL = 64;
    /** Heap bytes of a slot: the value reference, the hash and the estimate. */
    private static final int BYTES_PER_SLOT = 12;
    private static final int MIN_CAPACITY = 64;

    private final TypeSerializer<T> serializer;
    private final TypeComparator<T> comparator;
    private final ReduceFunction<T> reducer;
    private final Collector<T> output;
    private final long budgetBytes;
    private final DataOutputSerializer scratch = new DataOutputSerializer(256);

    private Object[] values;
    private int[] hashes;
    /** The estimated heap bytes of each slot's value. */
    private int[] estimates;
    private int mask;
    private int size;
    private long estimatedBytes;
    private int updatesUntilResample = RESAMPLE_INTERVAL;
    /** The xorshift state drawing the gaps between samples. */
    private int sampleRandom = 0x2545F491;
    private final int[] pendingHashes = new int[BATCH];
    /** What the touching passes of {@link #combine(Object[], int)} read, kept so that the reads are not left out. */
    private int touched;

    /**
     * @param budgetBytes the heap bytes the values may take (estimated), at least one value's worth
     * @param output receives the values on each flush
     */
    public HeapCombiningTable(TypeSerializer<T> serializer, TypeComparator<T> comparator, ReduceFunction<T> reducer,
            long budgetBytes, Collector<T> output) {
        if (budgetBytes < MIN_CAPACITY * 2L * BYTES_PER_SLOT) {
            throw new IllegalArgumentException("HeapCombiningTable: a budget of " + budgetBytes + " bytes (expected: at least "
                    + MIN_CAPACITY * 2L * BYTES_PER_SLOT + "; raise the operator's managed memory share)");
        }
        this.serializer = serializer.duplicate();
        this.comparator = comparator.duplicate();
        this.reducer = reducer;
        this.output = output;
        this.budgetBytes = budgetBytes;
        allocate(MIN_CAPACITY);
    }

    /**
     * Combines the pending records, in order, in three passes: their hashes, with a load of each
     * one's first slot; a load of the value found there (its key's hash, which reads the key); then
     * the probes and reduce calls themselves. The first two passes change nothing; they let the
     * processor wait for the cache misses of several records at once instead of one after another.
     */
    @Override
    @SuppressWarnings("unchecked")
    protected void combine(Object[] batch, int n) throws Exception {
        int[] batchHashes = pendingHashes;
        int sink = 0;
        for (int i = 0; i < n; i++) {
            int hash = spread(comparator.hash((T) batch[i]));
            batchHashes[i] = hash;
            sink += hashes[hash & mask];
        }
        for (int i = 0; i < n; i++) {
            Object candidate = values[batchHashes[i] & mask];
            if (candidate != null) {
                sink += comparator.hash((T) candidate);
            }
        }
        touched = sink;
        for (int i = 0; i < n; i++) {
            T record = (T) batch[i];
            batch[i] = null;
            combineRecord(record, batchHashes[i]);
        }
    }

    @SuppressWarnings("unchecked")
    private void combineRecord(T record, int hash) throws Exception {
        comparator.setReference(record);
        for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
            Object stored = values[slot];
            if (stored == null) {
                insert(slot, hash, record);
                return;
            }
            if (hashes[slot] == hash && comparator.equalToReference((T) stored)) {
                T reduced = reducer.reduce((T) stored, record);
                values[slot] = reduced == record ? serializer.copy(record) : reduced;
                if (--updatesUntilResample == 0) {
                    updatesUntilResample = nextSampleGap();
                    remeasure(slot);
                }
                return;
            }
        }
    }

    private void insert(int slot, int hash, T record) throws IOException {
        T value = serializer.copy(record);
        int estimate = estimate(value);
        if (size > 0 && exceedsBudget(estimatedBytes + estimate, values.length)) {
            emitAll();
            insertIntoEmpty(hash, value, estimate);
            return;
        }
        values[slot] = value;
        hashes[slot] = hash;
        estimates[slot] = estimate;
        estimatedBytes += estimate;
        size++;
        if (size * 2 > values.length) {
            grow();
        }
    }

    private void insertIntoEmpty(int hash, T value, int estimate) {
        int slot = hash & mask;
        values[slot] = value;
        hashes[slot] = hash;
        estimates[slot] = estimate;
        estimatedBytes = estimate;
        size = 1;
    }

    /** Doubles the slot arrays, or flushes if the doubled arrays would not fit in the budget. */
    private void grow() {
        int capacity = values.length * 2;
        if (exceedsBudget(estimatedBytes, capacity)) {
            emitAll();
            return;
        }
        Object[] oldValues = values;
        int[] oldHashes = hashes;
        int[] oldEstimates = estimates;
        allocate(capacity);
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != null) {
                int slot = oldHashes[i] & mask;
                while (values[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                values[slot] = oldValues[i];
                hashes[slot] = oldHashes[i];
                estimates[slot] = oldEstimates[i];
            }
        }
    }

    private void allocate(int capacity) {
        values = new Object[capacity];
        hashes = new int[capacity];
        estimates = new int[capacity];
        mask = capacity - 1;
    }

    private int nextSampleGap() {
        int x = sampleRandom;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        sampleRandom = x;
        return 1 + (x >>> 1) % (2 * RESAMPLE_INTERVAL);
    }

    @SuppressWarnings("unchecked")
    private void remeasure(int slot) throws IOException {
        int estimate = estimate((T) values[slot]);
        estimatedBytes += estimate - estimates[slot];
        estimates[slot] = estimate;
        if (exceedsBudget(estimatedBytes, values.length)) {
            emitAll();
        }
    }

    private int estimate(T value) throws IOException {
        scratch.clear();
        serializer.serialize(value, scratch);
        long bytes = (long) scratch.length() * BYTES_PER_SERIALIZED_BYTE + BYTES_PER_ENTRY;
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    /** Whether values of {@code valueBytes} (estimated) and slot arrays of {@code capacity} would pass the budget. */
    private boolean exceedsBudget(long valueBytes, int capacity) {
        return valueBytes + (long) capacity * BYTES_PER_SLOT > budgetBytes;
    }

    /** Spreads the comparator's hash over the low bits the slot index takes. */
    private static int spread(int h) {
        int x = h * 0x9E3779B9;
        return x ^ (x >>> 16);
    }

    /** Emits every value, in no particular order, and empties the table (its arrays keep their size). */
    @Override
    @SuppressWarnings("unchecked")
    protected void emitValues() {
        for (int i = 0; i < values.length; i++) {
            Object value = values[i];
            if (value != null) {
                values[i] = null;
                output.collect((T) value);
            }
        }
        size = 0;
        estimatedBytes = 0;
    }

    /** The number of keys held now. */
    @Override
    public int size() {
        return size;
    }

    /** The estimated heap bytes of the values held now (without the slot arrays). */
    public long estimatedBytes() {
        return estimatedBytes;
    }
}
