package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.iteration.IterationResume;
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
 * <p><b>Snapshots</b> (docs/iterations.md, "Snapshots and recovery"): a decision that names a
 * snapshot directory makes the head write the sealed superstep it emits to its lane's {@link
 * SnapshotFile} as well (one pass), complete before the next superstep ends. A run that resumes
 * ({@code IterationTaskContext.resumeOrNull()}) drops its initial input, which its producers send
 * again, and emits the lane's snapshot into its first superstep instead.
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
    private TypeSerializer<T> serializer;
    /** Where this run resumes, or null if it started at superstep 1. */
    private IterationResume resume;

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
        serializer = type.createSerializer(context.environment().serializerConfig());
        resume = context.environment().iteration().resumeOrNull();
        supersteps = new HeadSupersteps("the head of iteration '" + iteration + "' (operator '" + context.nameWithSubtask() + "')",
                context.environment().superstepControl(), new HeadSupersteps.Head() {
                    @Override
                    public void feedNext(int sealed, String snapshotDirOrNull) throws Exception {
                        emitSuperstep(sealed, false, snapshotDirOrNull);
                    }

                    @Override
                    public void emitResult(int last) throws Exception {
                        emitSuperstep(last, true, null);
                    }
                }, context.environment().iteration().firstSuperstep());
    }

    /** Superstep 1: the initial partial solution flows into the body as it arrives (a resumed run drops it). */
    @Override
    public void processElement(StreamRecord<T> record) {
        if (resume == null) {
            output.collect(record);
        }
    }

    /** The initial input ended: the first superstep ends (a resumed run first emits the lane's snapshot). */
    @Override
    public void endInput(int inputIndex) throws Exception {
        if (initialInputEnded) {
            throw new IllegalStateException("Bug: the initial input of the head of iteration '" + iteration + "' (operator '"
                    + context.nameWithSubtask() + "') ended twice (expected: it is read once, in superstep 1)");
        }
        initialInputEnded = true;
        if (resume != null) {
            emitSnapshot();
        }
        supersteps.endSuperstep();
    }

    /** A resumed run's first superstep: the partial solution of the snapshot goes into the body. */
    private void emitSnapshot() throws Exception {
        try (SnapshotFile.Reader reader = SnapshotFile.open(resume.snapshotDir(), context.environment().subtaskIndex(), 1)) {
            reader.readSection(0, serializer, value -> output.collect(reuse.replace(value)));
            reader.checkEnd();
        }
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

    /**
     * Emits the back channel's sealed superstep {@code sealed} on the main output, or as the result;
     * with a {@code snapshotDirOrNull}, also into the lane's snapshot file, committed at the end.
     */
    private void emitSuperstep(int sealed, boolean asResult, String snapshotDirOrNull) throws Exception {
        try (BackChannel<T>.Reader reader = backChannel.read(sealed);
                SnapshotFile.Writer snapshot = snapshotDirOrNull == null ? null
                        : SnapshotFile.create(snapshotDirOrNull, context.environment().subtaskIndex(), 1)) {
            T value;
            while ((value = reader.next()) != null) {
                if (snapshot != null) {
                    snapshot.write(0, serializer, value);
                }
                if (asResult) {
                    output.collect(resultTag, reuse.replace(value));
                } else {
                    output.collect(reuse.replace(value));
                }
            }
            if (snapshot != null) {
                snapshot.commit();
            }
        }
    }
}
