package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.MapPartitionFunction;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * {@code mapPartition}: buffers the whole partition in a {@link SpillingRecordBuffer} (managed
 * memory, then a spill file) and, in {@link #finish()}, calls the function once with an
 * {@link Iterable} that reads the records back in arrival order (iterable once). The function is
 * called also for an empty partition, as Flink's DataSet API does.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class MapPartitionOperator<IN, OUT> extends BatchOperatorBase<IN, OUT> {

    private final MapPartitionFunction<IN, OUT> function;
    private SpillingRecordBuffer<IN> buffer;

    @SuppressWarnings("unchecked")
    public MapPartitionOperator(OperatorDescriptor descriptor, BatchKinds.MapPartition kind) {
        this(descriptor, requireFunction(descriptor, MapPartitionFunction.class));
    }

    private MapPartitionOperator(OperatorDescriptor descriptor, MapPartitionFunction<IN, OUT> function) {
        super(descriptor, function);
        this.function = function;
    }

    @Override
    protected void openDriver() throws Exception {
        buffer = new SpillingRecordBuffer<>(inputSerializer(), allocateMemory(SpillingRecordBuffer.MIN_PAGES),
                context.environment().ioManager(), "the mapPartition operator '" + nameWithSubtask() + "'");
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        buffer.add(record.getValue());
    }

    @Override
    protected void finishDriver() throws Exception {
        TraversableOnceIterable<IN> values = new TraversableOnceIterable<>(buffer.iterator(),
                "mapPartition in operator '" + context.nameWithSubtask() + "'");
        callUserCode(() -> function.mapPartition(values, collector));
    }

    @Override
    protected void closeDriver() throws Exception {
        if (buffer != null) {
            buffer.close();
        }
    }
}
