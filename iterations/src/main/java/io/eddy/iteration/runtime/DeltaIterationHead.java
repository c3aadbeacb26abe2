package io.eddy.iteration.runtime;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.DrivesAfterInput;
import io.eddy.runtime.operators.InputOrdered;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import java.util.concurrent.CompletableFuture;

/**
 * The head of a delta loop ({@link IterationKinds.DeltaHead}): the first operator of the loop's
 * head task, which holds its lane's {@link SolutionSet} and drives the supersteps with the task's
 * {@link SuperstepControl} (docs/iterations.md).
 *
 * <pre>
 *   superstep 1:  input 0 (initial solution set, read first) ─▶ the lane's solution set
 *                 input 1 (initial workset) ─▶ main output (the body)      both ended ─▶ endSuperstep()
 *   decision after s, continue:   startNextSuperstep ─▶ back channel's superstep s (the workset) ─▶ main output ─▶ endSuperstep()
 *   decision after s, terminate:  the solution set ─▶ side output RESULT_TAG ─▶ afterInput() completes
 * </pre>
 *
 * <p>The solution set is managed ({@link ManagedSolutionSet}, the head's share of managed memory)
 * unless the kind says unmanaged ({@link HeapSolutionSet}). The head creates it when it opens and
 * installs it in its lane ({@link LaneSolutionSets}), declares it ready when input 0 ended (readers in
 * its lane wait for that), and removes it when it closes (the lane's resources close it when the job
 * is released otherwise). Input 0 is read to its end before input 1 ({@link InputOrdered}); the
 * compiler makes the workset's exchange blocking where both come from one producer.
 *
 * <p><b>Snapshots</b> (docs/iterations.md, "Snapshots and recovery"): a decision that names a
 * snapshot directory makes the head write its lane's {@link SnapshotFile} before the workset goes
 * on: section 0 the solution set (which no one changes until the head emits), section 1 the
 * workset, written as it is emitted. A run that resumes drops both initial inputs (their producers
 * send them again), fills the solution set from section 0 when input 0 ended (so readers wait for
 * the snapshot's set), and emits section 1 into its first superstep when both ended.
 *
 * <p>Task thread only, as {@link BulkIterationHead}, whose trade-off (a sealed superstep emitted
 * within one mail) this head shares.
 */
public final class DeltaIterationHead<S, W> extends TwoInputOperator<S, W, W>
        implements InputOrdered, BoundedMultiInput, SuperstepAware, DrivesAfterInput {

    private final String iteration;
    private final IterationKinds.DeltaHead kind;

    // Task thread.
    private SolutionSet<S> solutionSet;
    private BackChannel<W> backChannel;
    private OutputTag<S> resultTag;
    private StreamRecord<W> reuseWorkset;
    private StreamRecord<S> reuseResult;
    private HeadSupersteps supersteps;
    private final boolean[] ended = new boolean[2];
    private TypeSerializer<S> solutionSerializer;
    private TypeSerializer<W> worksetSerializer;
    /** Where this run resumes, or null if it started at superstep 1. */
    private IterationResume resume;
    /** A resumed run's snapshot file, open from the end of input 0 to the end of both inputs. */
    private SnapshotFile.Reader snapshotReader;

    public DeltaIterationHead(OperatorDescriptor descriptor, IterationKinds.DeltaHead kind) {
        super(null);
        this.iteration = kind.iteration();
        this.kind = kind;
    }

    @Override
    public int firstInput() {
        return 0;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        OperatorDescriptor descriptor = context.descriptor();
        if (descriptor.inputTypes().size() != 2) {
            throw new IllegalArgumentException("Bug: the head of iteration '" + iteration + "' (operator '" + context.nameWithSubtask()
                    + "') has input types " + descriptor.inputTypes() + " (expected: the solution set's and the workset's)");
        }
        TaskEnvironment env = context.environment();
        TypeInfo<S> solutionType = (TypeInfo<S>) descriptor.inputTypes().get(0);
        TypeInfo<W> worksetType = (TypeInfo<W>) descriptor.inputTypes().get(1);
        resultTag = new OutputTag<>(IterationKinds.RESULT_TAG, solutionType);
        reuseWorkset = new StreamRecord<>(null);
        reuseResult = new StreamRecord<>(null);
        TypeSerializer<S> serializer = solutionType.createSerializer(env.serializerConfig());
        TypeComparator<S> keys = kind.keys().createComparator(solutionType, env.serializerConfig());
        String name = LaneSolutionSets.describe(context, iteration);
        solutionSet = kind.unmanaged() ? new HeapSolutionSet<>(name, serializer, keys) : managed(name, serializer, keys, env);
        LaneSolutionSets.install(context, iteration, solutionSet);
        backChannel = LaneBackChannels.of(context, iteration, worksetType);
        solutionSerializer = serializer;
        worksetSerializer = worksetType.createSerializer(env.serializerConfig());
        resume = env.iteration().resumeOrNull();
        supersteps = new HeadSupersteps("the head of iteration '" + iteration + "' (operator '" + context.nameWithSubtask() + "')",
                env.superstepControl(), new HeadSupersteps.Head() {
                    @Override
                    public void feedNext(int sealed, String snapshotDirOrNull) throws Exception {
                        feedWorkset(sealed, snapshotDirOrNull);
                    }

                    @Override
                    public void emitResult(int last) throws Exception {
                        emitSolutionSet(last);
                    }
                }, env.iteration().firstSuperstep());
    }

    /**
     * A solution set in the head's share of the worker's managed memory (at least {@link
     * ManagedSolutionSet#MIN_PAGES}), spilling partitions through the task's I/O manager.
     */
    private SolutionSet<S> managed(String name, TypeSerializer<S> serializer, TypeComparator<S> keys, TaskEnvironment env) {
        int pages = Math.max(ManagedSolutionSet.MIN_PAGES, env.memoryManager().computeNumberOfPages(context.descriptor().memoryFraction()));
        return new ManagedSolutionSet<>(name, serializer, keys, env.memoryManager(), pages, env.ioManager());
    }

    /**
     * Superstep 1, first: the initial solution set fills the lane's set (a later record with an
     * equal key replaces one). A resumed run drops it.
     */
    @Override
    public void processElement1(StreamRecord<S> record) throws Exception {
        if (resume == null) {
            solutionSet.upsert(record.getValue());
        }
    }

    /** Superstep 1, after the solution set: the initial workset flows into the body. A resumed run drops it. */
    @Override
    public void processElement2(StreamRecord<W> record) {
        if (resume == null) {
            output.collect(record);
        }
    }

    @Override
    public void endInput(int inputIndex) throws Exception {
        if (ended[inputIndex]) {
            throw new IllegalStateException("Bug: input " + inputIndex + " of the head of iteration '" + iteration + "' (operator '"
                    + context.nameWithSubtask() + "') ended twice (expected: it is read once, in superstep 1)");
        }
        ended[inputIndex] = true;
        if (inputIndex == 0) {
            if (resume != null) {
                snapshotReader = SnapshotFile.open(resume.snapshotDir(), context.environment().subtaskIndex(), 2);
                snapshotReader.readSection(0, solutionSerializer, solutionSet::upsert);
            }
            LaneSolutionSets.ready(context, iteration);
        }
        if (ended[0] && ended[1]) {
            if (snapshotReader != null) {
                try (SnapshotFile.Reader reader = snapshotReader) {
                    snapshotReader = null;
                    reader.readSection(1, worksetSerializer, value -> output.collect(reuseWorkset.replace(value)));
                    reader.checkEnd();
                }
            }
            supersteps.endSuperstep();
        }
    }

    @Override
    public CompletableFuture<Void> afterInput() {
        return supersteps.loopEnd();
    }

    @Override
    public void endSuperstep() {
        // Nothing buffered: the workset went out as it came.
    }

    @Override
    public void startSuperstep(int next) {
        // Nothing to reset.
    }

    @Override
    public void close() throws Exception {
        try {
            if (snapshotReader != null) {
                snapshotReader.close();
            }
            context.environment().laneResources().remove(LaneBackChannels.key(context, iteration));
            context.environment().laneResources().remove(LaneSolutionSets.key(context, iteration));
        } finally {
            super.close();
        }
    }

    /**
     * Continue after {@code sealed}: the workset the tails sealed goes into the body; with a
     * {@code snapshotDirOrNull}, the solution set and that workset also go to the lane's snapshot file.
     */
    private void feedWorkset(int sealed, String snapshotDirOrNull) throws Exception {
        try (BackChannel<W>.Reader reader = backChannel.read(sealed);
                SnapshotFile.Writer snapshot = snapshotDirOrNull == null ? null
                        : SnapshotFile.create(snapshotDirOrNull, context.environment().subtaskIndex(), 2)) {
            if (snapshot != null) {
                solutionSet.forEach(value -> snapshot.write(0, solutionSerializer, value));
            }
            LaneSolutionSets.headStarted(context, iteration, sealed + 1);
            W value;
            while ((value = reader.next()) != null) {
                if (snapshot != null) {
                    snapshot.write(1, worksetSerializer, value);
                }
                output.collect(reuseWorkset.replace(value));
            }
            if (snapshot != null) {
                snapshot.commit();
            }
        }
    }

    /** Terminate after {@code last}: the solution set is the result; its last workset is not read, so its buffer is freed. */
    private void emitSolutionSet(int last) throws Exception {
        backChannel.read(last).close();
        solutionSet.forEach(value -> output.collect(resultTag, reuseResult.replace(value)));
    }
}
