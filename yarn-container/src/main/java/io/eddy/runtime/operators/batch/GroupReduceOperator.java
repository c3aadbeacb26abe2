package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.KeyGroupedIterator;
import java.util.EnumSet;
import java.util.Iterator;

/**
 * {@code groupReduce}: calls the {@link GroupReduceFunction} once per group of equal
 * {@link BatchKinds#PARAM_KEYS}, with the group's records as an {@link Iterable} (iterable once).
 *
 * <ul>
 *   <li>{@code SORT}: an {@link ExternalSorter} (spilling) orders the input by the keys, then by
 *       {@link BatchKinds#PARAM_GROUP_ORDER}; in {@link #finish()} a {@link KeyGroupedIterator} walks the groups.
 *   <li>{@code NONE}: the input arrives sorted (grouped) by the keys: consecutive records of one key are
 *       buffered in a {@link SpillingRecordBuffer} (spilling a group larger than memory) and the function is
 *       called as soon as the key changes, so only one group is held at a time.
 *   <li>No keys: the whole input is one group (sorted by the group order, if any); the function is
 *       not called for an empty input (as Flink's {@code AllGroupReduceDriver}).
 * </ul>
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
public final class GroupReduceOperator<IN, OUT> extends BatchOperatorBase<IN, OUT> {

    private final GroupReduceFunction<IN, OUT> function;
    private final KeySpec keys;
    private final KeySpec groupOrder;
    private final LocalStrategy strategy;
    /** SORT, or no keys with a group order. */
    private ExternalSorter<IN> sorter;
    /** NONE (one group at a time), or no keys without a group order (the whole input). */
    private SpillingRecordBuffer<IN> buffer;
    /** NONE with keys: compares a record with the key of the buffered group. */
    private TypeComparator<IN> groupComparator;

    @SuppressWarnings("unchecked")
    public GroupReduceOperator(OperatorDescriptor descriptor, BatchKinds.GroupReduce kind) {
        this(descriptor, kind, requireFunction(descriptor, GroupReduceFunction.class));
    }

    private GroupReduceOperator(OperatorDescriptor descriptor, BatchKinds.GroupReduce kind, GroupReduceFunction<IN, OUT> function) {
        super(descriptor, function);
        this.function = function;
        this.keys = kind.keys();
        this.groupOrder = kind.groupOrder();
        this.strategy = kind.localStrategy();
    }

    @Override
    protected void openDriver() throws Exception {
        if (keys != null && strategy == LocalStrategy.SORT) {
            KeySpec sortKey = groupOrder == null ? keys : keys.append(groupOrder);
            sorter = Sorters.create(this, inputSerializer(), comparator(sortKey), allocateMemory(Sorters.MIN_PAGES), null);
            groupComparator = comparator(keys);
        } else if (keys == null && groupOrder != null) {
            sorter = Sorters.create(this, inputSerializer(), comparator(groupOrder), allocateMemory(Sorters.MIN_PAGES), null);
        } else {
            buffer = new SpillingRecordBuffer<>(inputSerializer(), allocateMemory(SpillingRecordBuffer.MIN_PAGES), ioManager(),
                    "the groupReduce operator '" + nameWithSubtask() + "'");
            groupComparator = keys == null ? null : comparator(keys);
        }
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        if (sorter != null) {
            sorter.add(value);
            return;
        }
        if (groupComparator != null) {
            if (buffer.isEmpty()) {
                groupComparator.setReference(value);
            } else if (!groupComparator.equalToReference(value)) {
                reduceBufferedGroup();
                groupComparator.setReference(value);
            }
        }
        buffer.add(value);
    }

    @Override
    protected void finishDriver() throws Exception {
        if (sorter == null) {
            if (!buffer.isEmpty()) {
                reduceBufferedGroup();
            }
            return;
        }
        sorter.finishInput();
        if (keys == null) {
            Iterator<IN> all = new MutableIteratorAdapter<>(sorter.getIterator());
            if (all.hasNext()) {
                reduceGroup(all);
            }
            return;
        }
        KeyGroupedIterator<IN> groups = new KeyGroupedIterator<>(sorter.getIterator(), groupComparator);
        while (groups.nextKey()) {
            reduceGroup(groups.getValues());
        }
    }

    private void reduceBufferedGroup() throws Exception {
        reduceGroup(buffer.iterator());
        buffer.clear();
    }

    private void reduceGroup(Iterator<IN> values) throws Exception {
        TraversableOnceIterable<IN> group = new TraversableOnceIterable<>(values,
                "a group of the groupReduce operator '" + nameWithSubtask() + "'");
        callUserCode(() -> function.reduce(group, collector));
    }

    @Override
    protected void closeDriver() throws Exception {
        try {
            if (sorter != null) {
                sorter.close();
            }
        } finally {
            if (buffer != null) {
                buffer.close();
            }
        }
    }
}
