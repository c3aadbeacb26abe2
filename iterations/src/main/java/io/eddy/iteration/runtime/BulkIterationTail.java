package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The tail of a bulk loop ({@link IterationKinds.BulkTail}): the last operator of the
 * next-partial-solution path. It writes each record of superstep <i>s</i> into its lane's {@link
 * BackChannel} (never waiting) and seals <i>s</i> when the superstep ends, so that the head reads it
 * in superstep <i>s + 1</i> or emits it as the loop's result. No output. Task thread only.
 */
public final class BulkIterationTail<T> extends OneInputOperator<T, Void> implements SuperstepAware {

    private final String iteration;

    // Task thread.
    private BackChannel<T> backChannel;
    /** The superstep whose records arrive now: from the run's first superstep on. */
    private int superstep;

    public BulkIterationTail(OperatorDescriptor descriptor, IterationKinds.BulkTail kind) {
        super(null);
        this.iteration = kind.iteration();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        if (context.descriptor().inputTypes().size() != 1) {
            throw new IllegalArgumentException("Bug: the tail of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') has input types " + context.descriptor().inputTypes() + " (expected: one, the partial solution's type)");
        }
        backChannel = LaneBackChannels.of(context, iteration, (TypeInfo<T>) context.descriptor().inputTypes().get(0));
        superstep = context.environment().iteration().firstSuperstep();
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        backChannel.write(superstep, record.getValue());
    }

    /** Every record of the superstep arrived: the head may read it. */
    @Override
    public void endSuperstep() throws Exception {
        backChannel.seal(superstep);
    }

    @Override
    public void startSuperstep(int next) {
        if (next != superstep + 1) {
            throw new IllegalStateException("Bug: the tail of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') ended superstep " + superstep + " but is asked to start superstep " + next + " (expected: " + (superstep + 1) + ")");
        }
        superstep = next;
    }
}
