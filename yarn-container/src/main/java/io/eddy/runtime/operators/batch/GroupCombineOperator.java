package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.NormalizedKeySorter;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.KeyGroupedIterator;
import java.util.Iterator;
import java.util.List;

/**
 * {@code groupCombine}: a sort-based combiner that never spills. Records fill a
 * {@link NormalizedKeySorter} over the driver's pages; when it is full it is sorted by the
 * {@link BatchKinds#PARAM_KEYS} (then the optional {@link BatchKinds#PARAM_GROUP_ORDER}), the
 * {@link GroupCombineFunction} is called once per group, and the buffer starts over;
 * {@link #finish()} combines the rest. A key may be combined (and emitted) once per buffer fill.
 *
 * <p>Without keys the records of each buffer fill form one group: sorted by the group order when
 * there is one ({@code sortPartition(..).combineGroup(..)}, as a MapReduce map task sorts and
 * combines each spill), else kept in arrival order in a non-spilling {@link SpillingRecordBuffer}. A record larger than the whole buffer is combined as a
 * group of its own. The function is not called for an empty input.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class GroupCombineOperator<IN, OUT> extends BatchOperatorBase<IN, OUT> {

    /** The fewest pages of the sort buffer. */
    private static final int MIN_PAGES = 4;

    private final GroupCombineFunction<IN, OUT> function;
    private final KeySpec keys;
    private final KeySpec groupOrder;
    private NormalizedKeySorter<IN> sortBuffer;
    private TypeComparator<IN> groupComparator;
    private SpillingRecordBuffer<IN> buffer;

    @SuppressWarnings("unchecked")
    public GroupCombineOperator(OperatorDescriptor descriptor, BatchKinds.GroupCombine kind) {
        this(descriptor, kind, requireFunction(descriptor, GroupCombineFunction.class));
    }

    private GroupCombineOperator(OperatorDescriptor descriptor, BatchKinds.GroupCombine kind, GroupCombineFunction<IN, OUT> function) {
        super(descriptor, function);
        this.function = function;
        this.keys = kind.keys();
        this.groupOrder = kind.groupOrder();
    }

    @Override
    protected void openDriver() throws Exception {
        if (keys == null && groupOrder != null) {
            sortBuffer = new NormalizedKeySorter<>(inputSerializer(), comparator(groupOrder), allocateMemory(MIN_PAGES));
            return;
        }
        if (keys == null) {
            buffer = new SpillingRecordBuffer<>(inputSerializer(), allocateMemory(MIN_PAGES), null,
                    "the combineGroup operator '" + nameWithSubtask() + "'");
            return;
        }
        KeySpec sortKey = groupOrder == null ? keys : keys.append(groupOrder);
        sortBuffer = new NormalizedKeySorter<>(inputSerializer(), comparator(sortKey), allocateMemory(MIN_PAGES));
        groupComparator = comparator(keys);
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        if (write(value)) {
            return;
        }
        if (!isEmpty()) {
            combineBuffered();
            if (write(value)) {
                return;
            }
        }
        combine(List.of(value).iterator());
    }

    /** Adds a record to the sort buffer (with keys) or the arrival-order buffer; false if it is full. */
    private boolean write(IN value) throws Exception {
        return sortBuffer != null ? sortBuffer.write(value) : buffer.add(value);
    }

    private boolean isEmpty() {
        return sortBuffer != null ? sortBuffer.isEmpty() : buffer.isEmpty();
    }

    private void combineBuffered() throws Exception {
        if (buffer != null) {
            combine(buffer.iterator());
            buffer.clear();
            return;
        }
        sortBuffer.sort();
        if (groupComparator == null) {
            combine(new MutableIteratorAdapter<>(sortBuffer.getIterator()));
            sortBuffer.reset();
            return;
        }
        KeyGroupedIterator<IN> groups = new KeyGroupedIterator<>(sortBuffer.getIterator(), groupComparator);
        while (groups.nextKey()) {
            combine(groups.getValues());
        }
        sortBuffer.reset();
    }

    private void combine(Iterator<IN> values) throws Exception {
        TraversableOnceIterable<IN> group = new TraversableOnceIterable<>(values,
                "a group of the groupCombine operator '" + nameWithSubtask() + "'");
        callUserCode(() -> function.combine(group, collector));
    }

    /** The combiner of a combinable reduceGroup (its function is that operator's GroupReduceFunction), not an explicit combineGroup. */
    @Override
    protected boolean combinesForAnotherOperator() {
        return function instanceof io.eddy.api.common.functions.GroupReduceFunction;
    }

    @Override
    protected void finishDriver() throws Exception {
        if (!isEmpty()) {
            combineBuffered();
        }
    }

    @Override
    protected void closeDriver() throws Exception {
        if (buffer != null) {
            buffer.close();
        }
    }
}
