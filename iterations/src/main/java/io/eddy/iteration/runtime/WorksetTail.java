package io.eddy.iteration.runtime;

import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The tail of a delta loop's next workset ({@link IterationKinds.WorksetTail}): writes each record
 * of superstep <i>s</i> into its lane's {@link BackChannel} (never waiting), seals <i>s</i> when the
 * superstep ends, and counts each record into the task's {@link IterationSpec#TERMINATION_AGGREGATOR}:
 * a superstep whose combined count is 0 left an empty workset and ends the loop. No output. Task
 * thread only.
 */
public final class WorksetTail<T> extends OneInputOperator<T, Void> implements SuperstepAware {

    private final String iteration;

    // Task thread.
    private BackChannel<T> backChannel;
    private LongSumAggregator count;
    /** The superstep whose records arrive now: from the run's first superstep on. */
    private int superstep;

    public WorksetTail(OperatorDescriptor descriptor, IterationKinds.WorksetTail kind) {
        super(null);
        this.iteration = kind.iteration();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        if (context.descriptor().inputTypes().size() != 1) {
            throw new IllegalArgumentException("Bug: the workset tail of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') has input types " + context.descriptor().inputTypes() + " (expected: one, the workset's type)");
        }
        backChannel = LaneBackChannels.of(context, iteration, (TypeInfo<T>) context.descriptor().inputTypes().get(0));
        superstep = context.environment().iteration().firstSuperstep();
        count = TerminationCriterionTail.terminationAggregator(context, iteration);
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        backChannel.write(superstep, record.getValue());
        count.aggregate(1L);
    }

    @Override
    public void endSuperstep() throws Exception {
        backChannel.seal(superstep);
    }

    /** Asks for the aggregator again: the task may hand out a fresh copy per superstep. */
    @Override
    public void startSuperstep(int next) {
        if (next != superstep + 1) {
            throw new IllegalStateException("Bug: the workset tail of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') ended superstep " + superstep + " but is asked to start superstep " + next + " (expected: " + (superstep + 1) + ")");
        }
        superstep = next;
        count = TerminationCriterionTail.terminationAggregator(context, iteration);
    }
}
