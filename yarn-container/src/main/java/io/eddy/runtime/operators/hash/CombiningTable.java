package io.eddy.runtime.operators.hash;

/**
 * A combiner's table: reduces records into one value per key within a memory budget and emits its
 * values when the budget is reached and when flushed, so a key may be emitted more than once (the
 * reduce after the shuffle finishes). Implementations: {@link BinaryCombiningTable} (serialized
 * entries, for tuples keyed by basic fields) and {@link HeapCombiningTable} (live objects, any type).
 *
 * <p>Batches: records are combined {@value #BATCH} at a time ({@link #flush()} combines the rest
 * first), so that an implementation can pass over a batch more than once and let the cache misses
 * of its records overlap, where one record at a time would wait for each in turn. A reduce
 * function's exception therefore surfaces with the batch, up to {@value #BATCH} records after the
 * record that caused it, and a record handed to {@link #updateOrInsert} is read until its batch is
 * combined: the caller must not modify it afterwards (the runtime's contract for emitted records,
 * docs/tasks.md, "Operator chain and object reuse").
 *
 * <p>Not thread-safe: all calls come from the task thread.
 */
public abstract class CombiningTable<T> {

    /** Records combined together, so that their cache misses overlap. */
    static final int BATCH = 16;

    private final Object[] pending = new Object[BATCH];
    private int pendingCount;
    private long flushes;

    /**
     * Reduces {@code record} into its key's value, or keeps it if the key is new, once its batch is
     * full; see the class comment.
     *
     * @throws Exception what the reduce function throws for a record of the batch
     */
    public final void updateOrInsert(T record) throws Exception {
        pending[pendingCount++] = record;
        if (pendingCount == BATCH) {
            drain();
        }
    }

    /**
     * Combines the pending records, then emits every value, in no particular order, and empties the
     * table.
     *
     * @throws Exception what the reduce function throws for a pending record
     */
    public final void flush() throws Exception {
        drain();
        emitAll();
    }

    private void drain() throws Exception {
        int n = pendingCount;
        pendingCount = 0;
        combine(pending, n);
    }

    /**
     * Combines {@code batch[0..n)}, in order, and clears those elements.
     *
     * @throws Exception what the reduce function throws
     */
    protected abstract void combine(Object[] batch, int n) throws Exception;

    /** Emits every value and empties the table; counts as a flush. */
    protected final void emitAll() {
        emitValues();
        flushes++;
    }

    /** Emits every value and empties the table. */
    protected abstract void emitValues();

    /** How many times the table emitted its values (budget reached, and {@link #flush()} calls). */
    public final long flushCount() {
        return flushes;
    }

    /** The number of keys held now. */
    public abstract int size();
}
