package io.eddy.runtime.operators.batch.join;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.operators.sort.SortMergeCoGroupIterator;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;

/**
 * {@code coGroup}: sorts both inputs ({@link ExternalSorter}s with half of the operator's memory
 * each) and in {@link #finish()} calls the function once per key present in either input, with
 * the two groups of that key (one of them possibly empty) as {@link Iterable}s that can be iterated
 * once; the groups are streamed from the sorted inputs, so they may be larger than memory.
 *
 * <p>Group order: with {@code groupOrder} (input 0) or {@code groupOrder2} (input 1) set, that input
 * is sorted by its keys, then by the group order, so the group's records arrive in that order; the
 * groups are still formed on the keys alone.
 *
 * <p>In a loop, a static input is sorted in the first superstep only and kept sorted ({@link
 * KeptSortedInput}); later supersteps sort only the dynamic input, whose sorter then gets all
 * but the other's minimum of the memory.
 *
 * <p>Thread ownership: every field is owned by the task thread.
 */
final class CoGroupOperator<IN1, IN2, OUT> extends TwoInputDriver<IN1, IN2, OUT> {

    /** The fewest pages: two sorters of {@code ExternalSorter}'s minimum of 4. */
    static final int MIN_PAGES = 8;

    private final CoGroupFunction<IN1, IN2, OUT> function;
    private final BatchKinds.CoGroup kind;
    private TypeComparator<IN1> groupComparator1;
    private TypeComparator<IN2> groupComparator2;
    private ExternalSorter<IN1> sorter1;
    private ExternalSorter<IN2> sorter2;

    @SuppressWarnings("unchecked")
    CoGroupOperator(OperatorDescriptor descriptor, BatchKinds.CoGroup kind) {
        super(descriptor, requireFunction(descriptor, CoGroupFunction.class));
        this.function = (CoGroupFunction<IN1, IN2, OUT>) descriptor.userFunction();
        this.kind = kind;
    }

    @Override
    protected void openDriver() throws Exception {
        KeySpec keys1 = kind.keys1();
        KeySpec keys2 = kind.keys2();
        groupComparator1 = comparator(0, keys1);
        groupComparator2 = comparator(1, keys2);
        TypeComparator<IN1> sortComparator1 = comparator(0, withGroupOrder(keys1, kind.groupOrder1()));
        TypeComparator<IN2> sortComparator2 = comparator(1, withGroupOrder(keys2, kind.groupOrder2()));
        List<MemorySegment> pages = allocateMemory(MIN_PAGES);
        List<List<MemorySegment>> halves = split(pages, firstSorterPages(pages.size(), MIN_PAGES / 2), 0);
        sorter1 = ExternalSorter.builder(this.<IN1>serializer(0), sortComparator1).memory(halves.get(0))
                .ioManager(context.environment().ioManager()).owner(name() + " input 0").build();
        sorter2 = ExternalSorter.builder(this.<IN2>serializer(1), sortComparator2).memory(halves.get(1))
                .ioManager(context.environment().ioManager()).owner(name() + " input 1").build();
    }

    private static KeySpec withGroupOrder(KeySpec keys, KeySpec order) {
        return order == null ? keys : keys.append(order);
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
                groupComparator1.duplicate(), groupComparator2.duplicate());
        try {
            while (groups.next()) {
                function.coGroup(new TraversableOnce<>(groups.getLeftValues()), new TraversableOnce<>(groups.getRightValues()),
                        collector);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        mergeDone();
    }

    @Override
    protected void closeDriver() throws Exception {
        Exception error = closeQuietly(sorter1, null);
        error = closeQuietly(sorter2, error);
        if (error != null) {
            throw error;
        }
    }

    /** A group handed to the function: streamed from the sorted input, so it can be iterated once. */
    private static final class TraversableOnce<T> implements Iterable<T> {
        private Iterator<T> iterator;

        TraversableOnce(Iterator<T> iterator) {
            this.iterator = iterator;
        }

        @Override
        public Iterator<T> iterator() {
            if (iterator == null) {
                throw new IllegalStateException("A coGroup group can be iterated only once (it is streamed from the sorted input):"
                        + " copy the records into a list in the CoGroupFunction to read them again");
            }
            Iterator<T> it = iterator;
            iterator = null;
            return it;
        }
    }
}
