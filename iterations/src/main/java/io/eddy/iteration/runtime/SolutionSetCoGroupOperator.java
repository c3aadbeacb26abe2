package io.eddy.iteration.runtime;

import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.batch.BatchOperatorBase;
import io.eddy.runtime.operators.batch.Sorters;
import io.eddy.runtime.operators.batch.TraversableOnceIterable;
import io.eddy.runtime.operators.sort.ExternalSorter;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.util.KeyGroupedIterator;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * A co-group with the solution set ({@link IterationKinds.SolutionSetCoGroup}): the superstep's
 * input records are sorted by their keys (an {@link ExternalSorter} in the operator's share of
 * managed memory, spilling); at the superstep's end each key group meets the solution-set record
 * with its key in the lane's {@link SolutionSet} (none or one) in the user's {@code
 * CoGroupFunction}, the solution-set side first if the kind says so. The input is hash-partitioned
 * on its keys with the head's parallelism, so each group looks in the lane that holds its key.
 * Each group and each solution-set record is seen once per call; neither may be kept. Task thread
 * only; the sorter is the driver {@link BatchOperatorBase} opens per superstep.
 */
public final class SolutionSetCoGroupOperator<P, S, O> extends BatchOperatorBase<P, O> {

    private final String iteration;
    private final boolean solutionSetFirst;
    private final CoGroupFunction<Object, Object, O> function;

    // Task thread.
    private ExternalSorter<P> sorter;
    private TypeComparator<P> groupKeys;
    private SolutionSet.Lookup<P, S> lookup;

    @SuppressWarnings("unchecked")
    public SolutionSetCoGroupOperator(OperatorDescriptor descriptor, IterationKinds.SolutionSetCoGroup kind) {
        this(descriptor, kind, (CoGroupFunction<Object, Object, O>) requireFunction(descriptor, CoGroupFunction.class));
    }

    private SolutionSetCoGroupOperator(OperatorDescriptor descriptor, IterationKinds.SolutionSetCoGroup kind,
            CoGroupFunction<Object, Object, O> function) {
        super(descriptor, function);
        this.iteration = kind.iteration();
        this.solutionSetFirst = kind.solutionSetFirst();
        this.function = function;
    }

    private IterationKinds.SolutionSetCoGroup kind() {
        return descriptor.kindAs(IterationKinds.SolutionSetCoGroup.class);
    }

    @Override
    protected void openDriver() throws Exception {
        groupKeys = comparator(kind().probeKeys());
        sorter = Sorters.create(this, inputSerializer(), comparator(kind().probeKeys()), allocateMemory(Sorters.MIN_PAGES), null);
    }

    @Override
    public void processElement(StreamRecord<P> record) throws Exception {
        sorter.add(record.getValue());
    }

    /** The superstep's input is complete: one call per key group. */
    @Override
    protected void finishDriver() throws Exception {
        sorter.finishInput();
        if (lookup == null) {
            lookup = LaneSolutionSets.<S>await(context, iteration).lookup(comparator(kind().probeKeys()));
        }
        KeyGroupedIterator<P> groups = new KeyGroupedIterator<>(sorter.getIterator(), groupKeys);
        while (groups.nextKey()) {
            S match = lookup.find(groups.getCurrent());
            Iterable<Object> solution = match == null ? Collections.emptyList() : List.of(match);
            @SuppressWarnings("unchecked")
            Iterator<Object> values = (Iterator<Object>) groups.getValues();
            Iterable<Object> group = new TraversableOnceIterable<>(values, "a group of the solution-set coGroup '" + nameWithSubtask() + "'");
            if (solutionSetFirst) {
                callUserCode(() -> function.coGroup(solution, group, collector));
            } else {
                callUserCode(() -> function.coGroup(group, solution, collector));
            }
        }
    }

    @Override
    protected void closeDriver() throws Exception {
        if (sorter != null) {
            sorter.close();
            sorter = null;
        }
    }
}
