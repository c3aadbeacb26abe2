package io.eddy.iteration.runtime;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.iteration.IterationTaskContext;
import io.eddy.runtime.operators.OperatorContext;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The end of a bulk loop's termination-criterion path ({@link IterationKinds.TerminationTail}):
 * counts each record into the task's copy of the aggregator {@link
 * IterationSpec#TERMINATION_AGGREGATOR}, whose combined count of 0 ends the loop after that
 * superstep. No output. The task resets the aggregator when a superstep starts and reports it when
 * one ends, so the tail keeps no count of its own. Task thread only.
 */
public final class TerminationCriterionTail<T> extends OneInputOperator<T, Void> implements SuperstepAware {

    private final String iteration;

    // Task thread.
    private LongSumAggregator count;

    public TerminationCriterionTail(OperatorDescriptor descriptor, IterationKinds.TerminationTail kind) {
        super(null);
        this.iteration = kind.iteration();
    }

    @Override
    public void open() throws Exception {
        super.open();
        count = terminationAggregator(context, iteration);
    }

    @Override
    public void processElement(StreamRecord<T> record) {
        count.aggregate(1L);
    }

    @Override
    public void endSuperstep() {
        // The count is in the aggregator, which the task reports.
    }

    /** Asks for the aggregator again: the task may hand out a fresh copy per superstep. */
    @Override
    public void startSuperstep(int next) {
        count = terminationAggregator(context, iteration);
    }

    /** The task's copy of the loop's {@link IterationSpec#TERMINATION_AGGREGATOR}, for a tail of {@code iteration}. */
    static LongSumAggregator terminationAggregator(OperatorContext<?> context, String iteration) {
        IterationTaskContext loop = context.environment().iteration();
        if (loop == null) {
            throw new IllegalStateException("Bug: the tail of iteration '" + iteration + "' (operator '"
                    + context.nameWithSubtask() + "') runs in a task outside an iteration group (the compiler puts the tail's vertex into"
                    + " the loop's ITERATION group)");
        }
        Aggregator<?> aggregator = loop.aggregator(IterationSpec.TERMINATION_AGGREGATOR);
        if (!(aggregator instanceof LongSumAggregator sum)) {
            throw new IllegalStateException("Bug: the aggregator '" + IterationSpec.TERMINATION_AGGREGATOR + "' of iteration '" + iteration
                    + "' is a " + (aggregator == null ? "null" : aggregator.getClass().getName()) + " (expected: a "
                    + LongSumAggregator.class.getName() + ", registered by the runtime)");
        }
        return sum;
    }
}
