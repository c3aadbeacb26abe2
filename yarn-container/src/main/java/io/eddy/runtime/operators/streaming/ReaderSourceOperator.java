package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointListener;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.connector.source.InputStatus;
import io.eddy.api.connector.source.Source;
import io.eddy.api.connector.source.SourceReader;
import io.eddy.api.connector.source.SourceReaderContext;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.MailboxAccess;
import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.streamrecord.Watermark;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code SOURCE} with a {@link Source}: its {@link SourceReader} runs on the task thread, called by
 * the task's mailbox loop through {@link #emitNext} (docs/sources.md). Mails (checkpoint triggers,
 * timers) run between two calls, so no lock is taken per record; a checkpoint stores the reader's
 * unfinished splits ({@link SourceReader#snapshotState}) as split list state {@value #STATE_NAME},
 * which a restore deals out over the new subtasks.
 *
 * <p>Threads: every method on the task thread.
 */
public final class ReaderSourceOperator<OUT, SplitT> extends AbstractStreamOperator<OUT> {

    /** The name of the split list state holding the unfinished splits. */
    public static final String STATE_NAME = "source-splits";

    /** The source, its reader once open, and the reader's checkpointed splits. */
    private final SplitState<OUT, SplitT> splitState;
    private SourceEmitter<OUT> emitter;

    @SuppressWarnings("unchecked")
    public ReaderSourceOperator(OperatorDescriptor descriptor) {
        this(new SplitState<>(requireFunction(descriptor, Source.class)));
    }

    private ReaderSourceOperator(SplitState<OUT, SplitT> splitState) {
        super(splitState);
        this.splitState = splitState;
    }

    /** Whether a descriptor of kind {@code SOURCE} holds a {@link Source} (rather than a {@code SourceFunction}). */
    public static boolean holdsReaderSource(OperatorDescriptor descriptor) {
        return descriptor.userFunction() instanceof Source<?, ?>;
    }

    /** Creates the reader and gives it this subtask's splits: restored ones, or its share of {@link Source#createSplits}. */
    @Override
    public void open() throws Exception {
        super.open();
        RuntimeContext runtimeContext = getRuntimeContext();
        Source<OUT, SplitT> source = splitState.source;
        List<SplitT> splits = splitState.restored;
        if (splits == null) {
            splits = share(source.createSplits(runtimeContext.getNumberOfParallelSubtasks()), runtimeContext.getIndexOfThisSubtask(),
                    runtimeContext.getNumberOfParallelSubtasks());
        }
        splitState.restored = null;
        SourceReaderContext readerContext = () -> runtimeContext;
        SourceReader<OUT, SplitT> reader = source.createReader(readerContext);
        if (reader == null) {
            throw new IllegalStateException("Source " + source.getClass().getName() + " of operator '" + context.nameWithSubtask()
                    + "' returned no reader from createReader: return a SourceReader");
        }
        splitState.reader = reader;
        reader.addSplits(splits);
        emitter = new SourceEmitter<>(output);
    }

    /** The splits at {@code subtask, subtask + parallelism, ...} of {@code all}. */
    static <S> List<S> share(List<S> all, int subtask, int parallelism) {
        List<S> mine = new ArrayList<>();
        for (int i = subtask; i < all.size(); i += parallelism) {
            mine.add(all.get(i));
        }
        return mine;
    }

    /**
     * Calls the reader until it has nothing more to emit now, or a mail waits: returns the reader's
     * last status ({@code MORE_AVAILABLE} when it stopped for mail). Task thread, between mails.
     */
    public InputStatus emitNext(MailboxAccess mails) throws Exception {
        SourceReader<OUT, SplitT> r = splitState.reader;
        SourceEmitter<OUT> out = emitter;
        InputStatus status;
        do {
            status = r.pollNext(out);
        } while (status == InputStatus.MORE_AVAILABLE && !mails.hasMail());
        return status;
    }

    /** The reader's availability, to wait for after {@link #emitNext} returned {@code NOTHING_AVAILABLE}. */
    public CompletableFuture<Void> available() {
        CompletableFuture<Void> future = splitState.reader.isAvailable();
        if (future == null) {
            throw new IllegalStateException("The reader of source operator '" + context.nameWithSubtask()
                    + "' returned null from isAvailable(): return a future (a completed one if data may be there)");
        }
        return future;
    }

    /** The reader emitted all its records: emits the final watermark, as a {@code SourceFunction}'s operator does when it returns. */
    @Override
    public void finish() throws Exception {
        output.emitWatermark(Watermark.MAX_WATERMARK);
        super.finish();
    }

    @Override
    public void close() throws Exception {
        SourceReader<OUT, SplitT> r = splitState.reader;
        splitState.reader = null;
        try {
            if (r != null) {
                r.close();
            }
        } finally {
            super.close();
        }
    }

    @Override
    public int numberOfInputs() {
        return 0;
    }

    @Override
    public Input<?> input(int index) {
        throw new IllegalArgumentException("input: " + index + " (a source has no inputs: operator '" + context.nameWithSubtask() + "')");
    }

    /**
     * The operator's checkpointed function: keeps the reader's unfinished splits in split list
     * state and hands checkpoint completions to the reader. Not serialized (created by the operator).
     */
    private static final class SplitState<T, SplitT> implements Function, CheckpointedFunction, CheckpointListener {
        private static final long serialVersionUID = 1L;

        private final transient Source<T, SplitT> source;
        private transient ListState<SplitT> state;
        /** The splits of a restore (this subtask's share; maybe none), or null on a fresh start. Until open(). */
        private transient List<SplitT> restored;
        /** The reader, from open() to close(). */
        private transient SourceReader<T, SplitT> reader;

        SplitState(Source<T, SplitT> source) {
            this.source = source;
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>(STATE_NAME, source.getSplitType()));
            if (context.isRestored()) {
                List<SplitT> splits = new ArrayList<>();
                for (SplitT split : state.get()) {
                    splits.add(split);
                }
                restored = splits;
            }
        }

        /** Task thread, between two {@code pollNext} calls (checkpoints are mails of the loop that runs after open()). */
        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            List<SplitT> unfinished = reader.snapshotState(context.getCheckpointId());
            state.update(unfinished == null ? List.of() : unfinished);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            if (reader != null) {
                reader.notifyCheckpointComplete(checkpointId);
            }
        }
    }
}
