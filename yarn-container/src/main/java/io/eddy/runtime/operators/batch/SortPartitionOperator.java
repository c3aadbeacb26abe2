package io.eddy.runtime.operators.batch;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.MutableObjectIterator;

/**
 * {@code sortPartition}: sorts its input by {@link BatchKinds#PARAM_KEYS} (with their orders)
 * through an {@link ExternalSorter} that spills sorted runs, and emits the records in order in
 * {@link #finish()}, each a fresh object.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class SortPartitionOperator<T> extends BatchOperatorBase<T, T> {

    private final KeySpec order;
    private ExternalSorter<T> sorter;

    public SortPartitionOperator(OperatorDescriptor descriptor, BatchKinds.SortPartition kind) {
        super(descriptor, null);
        this.order = kind.order();
    }

    @Override
    protected void openDriver() throws Exception {
        sorter = Sorters.create(this, inputSerializer(), comparator(order), allocateMemory(Sorters.MIN_PAGES), null);
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        sorter.add(record.getValue());
    }

    @Override
    protected void finishDriver() throws Exception {
        sorter.finishInput();
        MutableObjectIterator<T> sorted = sorter.getIterator();
        for (T record = sorted.next(); record != null; record = sorted.next()) {
            collector.collect(record);
        }
    }

    @Override
    protected void closeDriver() throws Exception {
        if (sorter != null) {
            sorter.close();
        }
    }
}
