package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.hash.SpillingHashAggregation;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.sort.RecordCombiner;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.KeyGroupedIterator;
import java.util.EnumSet;

/**
 * {@code reduce}: one record per key of {@link BatchKinds#PARAM_KEYS}, reduced pairwise by the
 * {@link ReduceFunction}.
 *
 * <ul>
 *   <li>{@code SORT}: an {@link ExternalSorter} whose runs are pre-reduced per key before they spill
 *       (a {@link RecordCombiner}); in {@link #finish()} each sorted group is reduced and emitted.
 *   <li>{@code HASH}: a {@link SpillingHashAggregation} (final mode) keeps one value per key in managed
 *       memory, spills partial values by hash partition and emits each key's final value in {@link #finish()}.
 *   <li>{@code NONE}: the input arrives grouped by key; a running value is emitted when the key changes.
 *   <li>No keys: one running value for the whole input, emitted in {@link #finish()}; nothing for an empty input.
 * </ul>
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class ReduceOperator<T> extends BatchOperatorBase<T, T> {

    private final ReduceFunction<T> function;
    private final KeySpec keys;
    private final LocalStrategy strategy;
    private ExternalSorter<T> sorter;
    private TypeComparator<T> groupComparator;
    private SpillingHashAggregation<T> hashTable;
    private PairwiseReducer<T> reducer;

    @SuppressWarnings("unchecked")
    public ReduceOperator(OperatorDescriptor descriptor, BatchKinds.Reduce kind) {
        this(descriptor, kind, requireFunction(descriptor, ReduceFunction.class));
    }

    private ReduceOperator(OperatorDescriptor descriptor, BatchKinds.Reduce kind, ReduceFunction<T> function) {
        super(descriptor, function);
        this.function = function;
        this.keys = kind.keys();
        this.strategy = kind.localStrategy();
    }

    @Override
    protected void openDriver() throws Exception {
        if (keys == null) {
            reducer = new PairwiseReducer<>(function, inputSerializer(), null);
            return;
        }
        switch (strategy) {
            case SORT -> {
                reducer = new PairwiseReducer<>(function, inputSerializer(), null);
                RecordCombiner<T> combiner = (group, out) -> out.accept(reducer.reduceGroup(group));
                sorter = Sorters.create(this, inputSerializer(), comparator(keys), allocateMemory(Sorters.MIN_PAGES), combiner);
                groupComparator = comparator(keys);
            }
            case HASH -> {
                hashTable = new SpillingHashAggregation<>(inputSerializer(), comparator(keys), function, collector);
                hashTable.open(allocateMemory(SpillingHashAggregation.MIN_PAGES), ioManager());
            }
            default -> reducer = new PairwiseReducer<>(function, inputSerializer(), comparator(keys));
        }
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        T value = record.getValue();
        if (sorter != null) {
            sorter.add(value);
        } else if (hashTable != null) {
            hashTable.updateOrInsert(value);
        } else {
            reducer.add(value, collector::collect);
        }
    }

    @Override
    protected void finishDriver() throws Exception {
        if (sorter != null) {
            sorter.finishInput();
            KeyGroupedIterator<T> groups = new KeyGroupedIterator<>(sorter.getIterator(), groupComparator);
            while (groups.nextKey()) {
                collector.collect(callUserFunction(() -> reducer.reduceGroup(groups.getValues())));
            }
        } else if (hashTable != null) {
            hashTable.finish();
        } else {
            reducer.flush(collector::collect);
        }
    }

    @Override
    protected void closeDriver() throws Exception {
        try {
            if (sorter != null) {
                sorter.close();
            }
        } finally {
            if (hashTable != null) {
                hashTable.close();
            }
        }
    }
}
