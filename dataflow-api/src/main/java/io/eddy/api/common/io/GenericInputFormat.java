package io.eddy.api.common.io;

import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.IOException;

/**
 * Base of formats that do not read files: a generator, a collection, a number range. It creates
 * {@code minNumSplits} {@link GenericInputSplit}s (at least one), handed out first come, first
 * served; a subclass reads the part of its data that {@link #partitionNumber} of {@link
 * #totalPartitions} stands for, typically from {@link #open} on.
 *
 * @param <OT> the type of the records produced
 */
public abstract class GenericInputFormat<OT> implements InputFormat<OT, GenericInputSplit> {

    private static final long serialVersionUID = 1L;

    /** The split being read; owned by the subtask's task thread. */
    protected transient int partitionNumber;
    protected transient int totalPartitions;
    private transient RuntimeContext runtimeContext;

    @Override
    public GenericInputSplit[] createInputSplits(int minNumSplits) throws IOException {
        int n = Math.max(1, minNumSplits);
        GenericInputSplit[] splits = new GenericInputSplit[n];
        for (int i = 0; i < n; i++) {
            splits[i] = new GenericInputSplit(i, n);
        }
        return splits;
    }

    @Override
    public InputSplitAssigner getInputSplitAssigner(GenericInputSplit[] splits) {
        return new DefaultInputSplitAssigner(splits);
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }

    /** The runtime context, or null outside a running task. */
    protected RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    @Override
    public void open(GenericInputSplit split) throws IOException {
        this.partitionNumber = split.getSplitNumber();
        this.totalPartitions = split.getTotalNumberOfSplits();
    }

    @Override
    public void close() throws IOException {
    }
}
