package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.sort.SortMergeCoGroupIterator;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;

/**
 * {@code join} with {@code SORT_MERGE}: both inputs go into an {@link ExternalSorter} as they
 * arrive; {@link #finish()} merges the sorted inputs key by key ({@link SortMergeCoGroupIterator})
 * and calls the function for the cross product of each key's two groups, and with null for the
 * missing side of keys present on one side only (outer joins).
 *
 * <p>Crossing a key's groups: a single first-input record is crossed with the streamed second
 * group directly; a larger first group is buffered in a {@link SpillingRecordBuffer} (which spills
 * when the group is larger than its memory) and crossed with the second group by a {@link
 * BlockNestedLoop}, so one hot key on both sides does not need its groups in memory.
 *
 * <p>Memory: {@code max(4, P/8)} of the operator's {@code P} pages are the group buffer, {@code
 * max(2, P/16)} the block of second-input records of a spilled group, and the rest is split evenly
 * between the two sorters (in a loop, see below).
 *
 * <p>In a loop, a static input is sorted in the first superstep only and kept sorted ({@link
 * KeptSortedInput}, 16 pages of its own, then a spill file); later supersteps sort only the
 * dynamic input, whose sorter then gets all of the sorters' memory but the other's minimum.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
final class SortMergeJoinOperator<IN1, IN2, OUT> extends TwoInputDriver<IN1, IN2, OUT> {

    /** The fewest pages: a group buffer of 4, a block of 2 and two sorters of {@code ExternalSorter}'s minimum of 4. */
    static final int MIN_PAGES = 14;
    /** {@code ExternalSorter}'s minimum. */
    private static final int SORTER_MIN_PAGES = 4;

    private final FlatJoinFunction<IN1, IN2, OUT> function;
    private final BatchKinds.Join kind;
    private TypeSerializer<IN1> serializer1;
    private TypeComparator<IN1> comparator1;
    private TypeComparator<IN2> comparator2;
    private ExternalSorter<IN1> sorter1;
    private ExternalSorter<IN2> sorter2;
    private SpillingRecordBuffer<IN1> groupBuffer;
    private BlockNestedLoop<IN1, IN2> groupCross;

    @SuppressWarnings("unchecked")
    SortMergeJoinOperator(OperatorDescriptor descriptor, BatchKinds.Join kind) {
        super(descriptor, requireFunction(descriptor, FlatJoinFunction.class));
        this.function = (FlatJoinFunction<IN1, IN2, OUT>) descriptor.userFunction();
        this.kind = kind;
    }

    @Override
    protected void openDriver() throws Exception {
        serializer1 = serializer(0);
        TypeSerializer<IN2> serializer2 = serializer(1);
        comparator1 = comparator(0, kind.keys1());
        comparator2 = comparator(1, kind.keys2());
        List<MemorySegment> pages = allocateMemory(MIN_PAGES);
        int total = pages.size();
        int bufferPages = Math.max(4, total / 8);
        int blockPages = Math.max(2, total / 16);
        int sorterPages = firstSorterPages(total - bufferPages - blockPages, SORTER_MIN_PAGES);
        List<List<MemorySegment>> parts = split(pages, bufferPages, blockPages, sorterPages, 0);
        groupBuffer = new SpillingRecordBuffer<>(serializer1, parts.get(0), context.environment().ioManager(), name());
        groupCross = new BlockNestedLoop<>(groupBuffer, serializer1, serializer2, parts.get(1),
                (first, second) -> function.join(first, second, collector));
        sorter1 = ExternalSorter.builder(serializer1, comparator1).memory(parts.get(2))
                .ioManager(context.environment().ioManager()).owner(name() + " input 0").build();
        sorter2 = ExternalSorter.builder(serializer2, comparator2).memory(parts.get(3))
                .ioManager(context.environment().ioManager()).owner(name() + " input 1").build();
    }

    @Override
    public void processElement1(StreamRecord<IN1> record) throws Exception {
        expectNotKept(0);
        sorter1.add(record.getValue());
    }

    @Override
    public void processElement2(StreamRecord<IN2> record) throws Exception {
        expectNotKept(1);
        sorter2.add(record.getValue());
    }

    /** In a loop, a static input is sorted once and kept sorted (docs/iterations.md). */
    @Override
    protected boolean mergesSortedInputs() {
        return true;
    }

    @Override
    public void finish() throws Exception {
        SortMergeCoGroupIterator<IN1, IN2> groups = new SortMergeCoGroupIterator<>(sortedInput(0, sorter1), sortedInput(1, sorter2),
                comparator1.duplicate(), comparator2.duplicate());
        boolean outer1 = kind.joinType().keepsUnmatched(0);
        boolean outer2 = kind.joinType().keepsUnmatched(1);
        try {
            while (groups.next()) {
                if (groups.hasBoth()) {
                    crossGroups(groups.getLeftValues(), groups.getRightValues());
                    continue;
                }
                // A key of one input only (the other side's iterator is empty).
                for (Iterator<IN1> it = groups.getLeftValues(); outer1 && it.hasNext(); ) {
                    function.join(it.next(), null, collector);
                }
                for (Iterator<IN2> it = groups.getRightValues(); outer2 && it.hasNext(); ) {
                    function.join(null, it.next(), collector);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        mergeDone();
    }

    private void crossGroups(Iterator<IN1> firstGroup, Iterator<IN2> secondGroup) throws Exception {
        IN1 first = firstGroup.next();
        if (!firstGroup.hasNext()) {
            while (secondGroup.hasNext()) {
                IN2 second = secondGroup.next();
                function.join(secondGroup.hasNext() ? serializer1.copy(first) : first, second, collector);
            }
            return;
        }
        groupBuffer.clear();
        groupBuffer.add(first);
        while (firstGroup.hasNext()) {
            groupBuffer.add(firstGroup.next());
        }
        while (secondGroup.hasNext()) {
            groupCross.addStreamed(secondGroup.next());
        }
        groupCross.finishStreamed();
        groupBuffer.clear();
    }

    /** The number of times a key's first-input group spilled (for tests). */
    long spilledGroups() {
        return groupBuffer.spilledFiles();
    }

    @Override
    protected void closeDriver() throws Exception {
        Exception error = closeQuietly(sorter1, null);
        error = closeQuietly(sorter2, error);
        error = closeQuietly(groupBuffer, error);
        if (error != null) {
            throw error;
        }
    }
}
