package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TupleSerializer;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.hash.BinaryCombiningTable;
import io.eddy.runtime.operators.hash.CombiningTable;
import io.eddy.runtime.operators.hash.HeapCombiningTable;
import io.eddy.runtime.operators.sort.NormalizedKeySorter;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.KeyGroupedIterator;
import java.util.EnumSet;

/**
 * {@code reduceCombine}: the combiner in front of a reduce's shuffle. Reduces what fits in memory
 * and emits the partial results when memory is full and at the end; a key may therefore be emitted
 * more than once (the reduce after the shuffle finishes the job). Never spills.
 *
 * <ul>
 *   <li>{@code HASH}: within the operator's reserved share of managed memory (emitting all its values
 *       when the share is used up), a {@link BinaryCombiningTable} of serialized entries for tuples
 *       keyed by basic fields, and a {@link HeapCombiningTable} of live objects for other types.
 *   <li>{@code SORT}: a {@link NormalizedKeySorter}; when full it is sorted, each group is reduced and
 *       emitted, and the buffer starts over. A record larger than the whole buffer is emitted as it is.
 *   <li>No keys: one running value, emitted in {@link #finish()}.
 * </ul>
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class ReduceCombineOperator<T> extends BatchOperatorBase<T, T> {

    /** The fewest pages of the sort buffer or hash table. */
    private static final int MIN_PAGES = 4;

    private final ReduceFunction<T> function;
    private final KeySpec keys;
    private final LocalStrategy strategy;
    private CombiningTable<T> hashTable;
    private NormalizedKeySorter<T> sortBuffer;
    private PairwiseReducer<T> reducer;

    @SuppressWarnings("unchecked")
    public ReduceCombineOperator(OperatorDescriptor descriptor, BatchKinds.ReduceCombine kind) {
        this(descriptor, kind, requireFunction(descriptor, ReduceFunction.class));
    }

    private ReduceCombineOperator(OperatorDescriptor descriptor, BatchKinds.ReduceCombine kind, ReduceFunction<T> function) {
        super(descriptor, function);
        this.function = function;
        this.keys = kind.keys();
        this.strategy = kind.localStrategy();
    }

    @Override
    protected void openDriver() throws Exception {
        if (keys == null) {
            reducer = new PairwiseReducer<>(function, inputSerializer(), null);
        } else if (strategy == LocalStrategy.HASH) {
            hashTable = createHashTable(reserveMemory(MIN_PAGES));
        } else {
            reducer = new PairwiseReducer<>(function, inputSerializer(), null);
            sortBuffer = new NormalizedKeySorter<>(inputSerializer(), comparator(keys), allocateMemory(MIN_PAGES));
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private CombiningTable<T> createHashTable(long budget) {
        if (BinaryCombiningTable.supports(inputType(), keys.positions()) && inputSerializer() instanceof TupleSerializer<?> tuples) {
            return (CombiningTable<T>) new BinaryCombiningTable<>((TupleSerializer<Tuple>) tuples, keys.positions(),
                    (ReduceFunction<Tuple>) function, budget, (Collector<Tuple>) (Object) collector);
        }
        return new HeapCombiningTable<>(inputSerializer(), comparator(keys), function, budget, collector);
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        T value = record.getValue();
        if (hashTable != null) {
            callUserCode(() -> hashTable.updateOrInsert(value));
        } else if (sortBuffer != null) {
            if (sortBuffer.write(value)) {
                return;
            }
            if (!sortBuffer.isEmpty()) {
                emitSortedGroups();
                if (sortBuffer.write(value)) {
                    return;
                }
            }
            collector.collect(value);
        } else {
            reducer.add(value, collector::collect);
        }
    }

    private void emitSortedGroups() throws Exception {
        sortBuffer.sort();
        KeyGroupedIterator<T> groups = new KeyGroupedIterator<>(sortBuffer.getIterator(), comparator(keys));
        while (groups.nextKey()) {
            collector.collect(callUserFunction(() -> reducer.reduceGroup(groups.getValues())));
        }
        sortBuffer.reset();
    }

    /** Always a reduce's combiner (only the optimizer inserts this kind). */
    @Override
    protected boolean combinesForAnotherOperator() {
        return true;
    }

    @Override
    protected void finishDriver() throws Exception {
        if (hashTable != null) {
            // Combines the last batch first: that calls the reduce function.
            callUserCode(hashTable::flush);
        } else if (sortBuffer != null) {
            if (!sortBuffer.isEmpty()) {
                emitSortedGroups();
            }
        } else {
            reducer.flush(collector::collect);
        }
    }

    @Override
    protected void closeDriver() {
        // The reserved memory goes back with the operator; the sort buffer's pages too.
    }
}
