package io.eddy.iteration.runtime;

import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The tail of a delta loop's solution-set delta ({@link IterationKinds.SolutionSetDeltaTail}):
 * each record replaces the record with its key in the lane's {@link SolutionSet} (or is added), as
 * it arrives, once its lane's head read the initial solution set ({@link LaneSolutionSets#await}).
 * Its input is hash-partitioned on the iteration's keys with the head's parallelism, so
 * every record reaches the lane that holds its key. The head decides on the next superstep only
 * after this tail reported the end of the current one, so the next superstep's lookups see every
 * update. Records of a superstep after the run's first are applied only once the lane's head
 * started that superstep ({@link LaneSolutionSets#awaitHeadIn}): the head may first write an
 * iteration snapshot of the set. No output. Task thread only.
 */
public final class SolutionSetDeltaTail<T> extends OneInputOperator<T, Void> implements SuperstepAware {

    private final String iteration;

    // Task thread.
    private SolutionSet<T> solutionSet;
    /** The superstep whose records arrive now. */
    private int superstep;
    /** Whether the lane's head started {@link #superstep}, so that its records may be applied. */
    private boolean headInSuperstep;

    public SolutionSetDeltaTail(OperatorDescriptor descriptor, IterationKinds.SolutionSetDeltaTail kind) {
        super(null);
        this.iteration = kind.iteration();
    }

    @Override
    public void open() throws Exception {
        super.open();
        superstep = context.environment().iteration().firstSuperstep();
        headInSuperstep = true;
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        if (solutionSet == null) {
            solutionSet = LaneSolutionSets.await(context, iteration);
        }
        if (!headInSuperstep) {
            LaneSolutionSets.awaitHeadIn(context, iteration, superstep);
            headInSuperstep = true;
        }
        solutionSet.upsert(record.getValue());
    }

    @Override
    public void endSuperstep() {
        // Updates are applied as they arrive.
    }

    @Override
    public void startSuperstep(int next) {
        superstep = next;
        headInSuperstep = false;
    }

    @Override
    public void close() throws Exception {
        solutionSet = null;
        super.close();
    }
}
