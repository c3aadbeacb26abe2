package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.DrivesAfterInput;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import java.util.concurrent.CompletableFuture;

/**
 * The head of a bulk loop ({@link IterationKinds.BulkHead}): the first operator of the loop's head
 * task, which drives the task through the supersteps with the task's {@link SuperstepControl}
 * (docs/iterations.md, the superstep protocol).
 *
 * <pre>
 *   superstep 1:  initial input ─▶ main output (the body)     endInput(0) ─▶ endSuperstep()
 *   decision after s, continue:   startNextSuperstep ─▶ back channel's superstep s ─▶ main output ─▶ endSuperstep()
 *   decision after s, terminate:  back channel's superstep s ─▶ side output RESULT_TAG ─▶ afterInput() completes
 * </pre>
 *
 * <p>{@link HeadSupersteps} runs the decisions. The head buffers nothing, so its {@link SuperstepAware} methods do nothing. It opens (and
 * creates, if the tail did not yet) its lane's {@link BackChannel} and removes it from the lane when
 * it closes. Task thread only: decisions arrive as mails, and the callbacks of the control's futures
 * run on the thread that completes them.
 *
 * <p><b>Trade-off:</b> a continue decision emits the whole sealed superstep within the one mail
 * that delivered the decision. The task's other mails (timers, checkpoint or cancel actions) wait
 * until it is emitted, and emitting into the network may wait for buffers; that cannot deadlock,
 * because the tail never waits on the back channel, so the body keeps draining. A superstep of
 * many records could instead be emitted in slices, one mail each.
 */
public final class BulkIterationHead<T> extends OneInputOperator<T, T> implements BoundedMultiInput, SuperstepAware, DrivesAfterInput {

    private final String iteration;

    // Task thread.
    private BackChannel<T> backChannel;
    private OutputTag<T> resultTag;
    private StreamRecord<T> reuse;
    private HeadSupersteps supersteps;
    private boolean initialInputEnded;

    public BulkIterationHead(OperatorDescriptor descriptor, IterationKinds.BulkHead kind) {
        super(null);
        this.iteration = kind.iteration();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        TypeInfo<T> type = (TypeInfo<T>) context.descriptor().outputType();
        if (type == null) {
            throw new IllegalArgumentException("Bug: the head of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') has no output type in its descriptor (expected: the partial solution's type)");
        }
        resultTag = new OutputTag<>(IterationKinds.RESULT_TAG, type);
        reuse = new StreamRecord<>(null);
        backChannel = LaneBackChannels.of(context, iteration, type);
        supersteps = new HeadSupersteps("the head of iteration '" + iteration + "' (operator '" + context.nameWithSubtask() + "')",
                context.environment().superstepControl(), new HeadSupersteps.Head() {
                    @Override
                    public void feedNext(int sealed) throws Exception {
                        emitSuperstep(sealed, false);
                    }

                    @Override
                    public void emitResult(int last) throws Exception {
                        emitSuperstep(last, true);
                    }
                });
    }

    /** Superstep 1: the initial partial solution flows into the body as it arrives. */
    @Override
    public void processElement(StreamRecord<T> record) {
        output.collect(record);
    }

    /** The initial input ended: superstep 1 ends. */
    @Override
    public void endInput(int inputIndex) {
        if (initialInputEnded) {
            throw new IllegalStateException("Bug: the initial input of the head of iteration '" + iteration + "' (operator '"
                    + context.nameWithSubtask() + "') ended twice (expected: it is read once, in superstep 1)");
        }
        initialInputEnded = true;
        supersteps.endSuperstep();
    }

    @Override
    public CompletableFuture<Void> afterInput() {
        return supersteps.loopEnd();
    }

    @Override
    public void endSuperstep() {
        // Nothing buffered: the head's records went out as they came.
    }

    @Override
    public void startSuperstep(int next) {
        // Nothing to reset.
    }

    @Override
    public void close() throws Exception {
        try {
            context.environment().laneResources().remove(LaneBackChannels.key(context, iteration));
        } finally {
            super.close();
        }
    }

    /** Emits the back channel's sealed superstep {@code sealed} on the main output, or as the result. */
    private void emitSuperstep(int sealed, boolean asResult) throws Exception {
        try (BackChannel<T>.Reader reader = backChannel.read(sealed)) {
            T value;
            while ((value = reader.next()) != null) {
                if (asResult) {
                    output.collect(resultTag, reuse.replace(value));
                } else {
                    output.collect(reuse.replace(value));
                }
            }
        }
    }
}
