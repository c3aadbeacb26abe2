package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * {@code mapPartition}: calls the function once, in {@link #finish()}, with an {@link Iterable} over
 * the whole partition (iterable once). Without an order ({@link BatchKinds.MapPartition#order()}
 * null) it buffers the partition in a {@link SpillingRecordBuffer} (managed memory, then a spill
 * file) and the function reads it in arrival order; with one (a {@code sortPartition} the optimizer
 * fused into it) it sorts the partition through an {@link ExternalSorter} and the function reads the
 * sorter's merged output, each record a fresh object. The function is called also for an empty
 * partition, as Flink's DataSet API does.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class MapPartitionOperator<IN, OUT> extends BatchOperatorBase<IN, OUT> {

    private final MapPartitionFunction<IN, OUT> function;
    /** The sort order of the input, or null for arrival order. */
    private final KeySpec order;
    private SpillingRecordBuffer<IN> buffer;
    private ExternalSorter<IN> sorter;

    @SuppressWarnings("unchecked")
    public MapPartitionOperator(OperatorDescriptor descriptor, BatchKinds.MapPartition kind) {
        this(descriptor, requireFunction(descriptor, MapPartitionFunction.class), kind.order());
    }

    private MapPartitionOperator(OperatorDescriptor descriptor, MapPartitionFunction<IN, OUT> function, KeySpec order) {
        super(descriptor, function);
        this.function = function;
        this.order = order;
    }

    @Override
    protected void openDriver() throws Exception {
        if (order != null) {
            sorter = Sorters.create(this, inputSerializer(), comparator(order), allocateMemory(Sorters.MIN_PAGES), null);
        } else {
            buffer = new SpillingRecordBuffer<>(inputSerializer(), allocateMemory(SpillingRecordBuffer.MIN_PAGES),
                    context.environment().ioManager(), "the mapPartition operator '" + nameWithSubtask() + "'");
        }
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        if (sorter != null) {
            sorter.add(record.getValue());
        } else {
            buffer.add(record.getValue());
        }
    }

    @Override
    protected void finishDriver() throws Exception {
        java.util.Iterator<IN> records;
        if (sorter != null) {
            sorter.finishInput();
            records = new MutableIteratorAdapter<>(sorter.getIterator());
        } else {
            records = buffer.iterator();
        }
        TraversableOnceIterable<IN> values = new TraversableOnceIterable<>(records, "mapPartition in operator '" + context.nameWithSubtask() + "'");
        callUserCode(() -> function.mapPartition(values, collector));
    }

    @Override
    protected void closeDriver() throws Exception {
        if (buffer != null) {
            buffer.close();
        }
        if (sorter != null) {
            sorter.close();
        }
    }
}
