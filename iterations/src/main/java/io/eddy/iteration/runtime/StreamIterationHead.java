package io.eddy.iteration.runtime;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.operators.Accumulators;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.LaneInput;
import io.eddy.runtime.operators.LaneInputHead;
import io.eddy.runtime.operators.base.TwoInputOperator;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamElementSerializer;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The head of a streaming loop ({@link StreamIterationKinds.StreamHead}, docs/iterations.md
 * "Streaming iteration"): the first operator of its task, reading the loop's regular input on input
 * 0 (network gates) and the feedback on input 1, a {@link LaneInput} over its lane's {@link
 * FeedbackQueue} that the task polls round-robin with the gates. It emits both as they come: the
 * feedback on the main output, or on the side output {@code feedbackSideOutput} of a connected loop.
 *
 * <pre>
 *   regular input ──▶ input 0 ─┐
 *                              ├─▶ main output ──▶ body ──▶ ... ──▶ tail ──▶ feedback queue (lane i)
 *   feedback queue ─▶ input 1 ─┘   (or the feedback side output)                       │
 *         ▲──────────────────────────────────────────────────────────────────────────────┘
 * </pre>
 *
 * <p><b>End.</b> With a max wait, the feedback input ends once the regular input ended, the tail
 * reported that every regular input upstream of it ended (it saw the final watermark: no new record
 * can enter this lane's part of the loop), and no feedback came for {@code maxWaitMillis} since (a
 * timer wakes the task for it; a feedback that came is dated when the queue next ran empty); the
 * task then finishes and the head closes the queue, after which its tail drops what it still feeds
 * back. Without one, the feedback never ends.
 *
 * <p><b>Checkpoints</b> (exactly once). When a checkpoint's barrier passes the head's task, the head
 * opens a {@link FeedbackLog} for it; the tail puts the checkpoint's marker into the queue when the
 * barrier reaches it. Every feedback record the head takes meanwhile was in flight on the feedback
 * edge when the barrier passed, so it is appended to each open log; when the marker comes out of
 * the queue the log is complete, and only then is the head's snapshot {@linkplain
 * OperatorSnapshot#ready() ready}: its raw operator state is the log's stream. A marker of a later
 * checkpoint first fails the logs of earlier ones (their markers will never come: the tail aborted
 * them), as does an abort notification or the head's close. On restore the head replays its logs
 * in {@code open()}, before it reads anything else. Fed-back records keep their timestamps (through
 * the queue and the logs); watermarks come from the regular input only and pass as they are, so a
 * record that went around may be late for a window downstream.
 *
 * <p><b>Figures</b>, as accumulators of the job's result ({@link #accumulator}): {@value #SPILL_FILES}
 * (the lane queue's spill files), {@value #CHECKPOINTED} (feedback records stored with completed
 * logs), {@value #REPLAYED} (records re-emitted on restore).
 *
 * <p>Task thread only.
 */
public final class StreamIterationHead<T, F> extends TwoInputOperator<T, F, T> implements LaneInputHead, BoundedMultiInput {

    private static final Logger LOG = LoggerFactory.getLogger(StreamIterationHead.class);
    /** The accumulator of the spill files the lanes' feedback queues wrote. */
    public static final String SPILL_FILES = "feedback-spill-files";
    /** The accumulator of the feedback records this attempt's heads logged for checkpoints. */
    public static final String CHECKPOINTED = "feedback-checkpointed-records";
    /** The accumulator of the logged feedback records this attempt's heads re-emitted on restore. */
    public static final String REPLAYED = "feedback-replayed-records";

    private final StreamIterationKinds.StreamHead kind;
    private final FeedbackInput feedbackInput = new FeedbackInput();
    /** The logs of the checkpoints whose barrier passed and whose marker did not come back yet, oldest first. */
    private final ArrayDeque<FeedbackLog<StreamElement>> logs = new ArrayDeque<>();

    // Task thread.
    private FeedbackQueue<StreamElement> queue;
    /** Values with their timestamps, as the queue and the logs keep them. */
    private TypeSerializer<StreamElement> serializer;
    /** Where the feedback goes: null for the main output. */
    private OutputTag<F> feedbackTag;
    private List<StreamStateHandle> restoredLogs = List.of();
    private boolean regularInputEnded;
    /** Whether the tail reported that every regular input upstream of it ended. */
    private boolean tailInputsEnded;
    /** Feedback records taken so far, and how many had been when the queue last ran empty (and when). */
    private long fedBack;
    private long fedBackAtLastIdle;
    private long lastActivityMillis;
    /** Completes when the max wait may have passed; null while no timer is pending. */
    private CompletableFuture<Void> deadline;
    private LongCounter spillFiles;
    private LongCounter checkpointed;
    private LongCounter replayedRecords;

    /** The name of the accumulator {@code figure} ({@link #SPILL_FILES}, {@link #CHECKPOINTED}, {@link #REPLAYED}) of loop {@code iteration}. */
    public static String accumulator(String iteration, String figure) {
        return "iteration." + iteration + "." + figure;
    }

    public StreamIterationHead(OperatorDescriptor descriptor, StreamIterationKinds.StreamHead kind) {
        super(null);
        this.kind = kind;
    }

    @Override
    public void initializeState(OperatorSubtaskState restored) throws Exception {
        super.initializeState(restored);
        if (restored != null) {
            restoredLogs = restored.rawOperatorState();
        }
    }

    /** Creates (or joins) the lane's queue, then re-emits the feedback of the restored checkpoint before anything else. */
    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        Accumulators accumulators = context.environment().accumulators();
        spillFiles = accumulators.longCounter(accumulator(kind.iteration(), SPILL_FILES));
        checkpointed = accumulators.longCounter(accumulator(kind.iteration(), CHECKPOINTED));
        replayedRecords = accumulators.longCounter(accumulator(kind.iteration(), REPLAYED));
        TypeInfo<F> type = (TypeInfo<F>) kind.feedbackType();
        queue = LaneFeedbackQueues.of(context, kind, type);
        serializer = new StreamElementSerializer<>(type.createSerializer(context.environment().serializerConfig()));
        feedbackTag = kind.feedbackSideOutput() == null ? null : new OutputTag<>(kind.feedbackSideOutput(), type);
        long count = 0;
        for (StreamStateHandle log : restoredLogs) {
            count += FeedbackLog.<StreamElement>replay(log, context.environment().userCodeClassLoader(),
                    element -> emitFeedback(element.<F>asRecord()));
        }
        replayedRecords.add(count);
        if (count > 0) {
            LOG.info("{}: re-emitted {} feedback records of iteration '{}' that were in flight in the restored checkpoint", context.nameWithSubtask(),
                    count, kind.iteration());
        }
        restoredLogs = List.of();
    }

    @Override
    public LaneInput laneInput() {
        return feedbackInput;
    }

    /** A record of the loop's input enters the loop. */
    @Override
    public void processElement1(StreamRecord<T> record) {
        output.collect(record);
    }

    /** A record fed back: logged (with its timestamp) for every checkpoint in progress, and emitted again. */
    @Override
    public void processElement2(StreamRecord<F> record) throws Exception {
        for (FeedbackLog<StreamElement> log : logs) {
            log.append(record);
        }
        emitFeedback(record);
    }

    @SuppressWarnings("unchecked")
    private void emitFeedback(StreamRecord<F> record) {
        if (feedbackTag == null) {
            output.collect((StreamRecord<T>) (StreamRecord<?>) record);
        } else {
            output.collect(feedbackTag, record);
        }
    }

    /** Event time is the regular input's: the feedback has none, so it must not hold the minimum back. */
    @Override
    public void processWatermark1(Watermark watermark) throws Exception {
        processWatermark(watermark);
    }

    @Override
    public void processWatermarkStatus1(WatermarkStatus status) throws Exception {
        processWatermarkStatus(status);
    }

    @Override
    public void endInput(int inputIndex) {
        if (inputIndex == 0) {
            regularInputEnded = true;
            lastActivityMillis = now();
        }
    }

    /** The tail saw the end of every regular input upstream of it: the max wait may start. */
    private void tailInputsEnded() {
        tailInputsEnded = true;
        lastActivityMillis = now();
    }

    @Override
    public OperatorSnapshot snapshotState(long checkpointId, long timestamp, CheckpointOptions options, CheckpointStreamFactory streams)
            throws Exception {
        OperatorSnapshot managed = super.snapshotState(checkpointId, timestamp, options, streams);
        FeedbackLog<StreamElement> log = new FeedbackLog<>(checkpointId, streams, "feedback-log", serializer);
        logs.addLast(log);
        return new OperatorSnapshot(() -> {
            OperatorSubtaskState state = managed.asyncPart().call();
            StreamStateHandle handle = log.done().join();
            return handle == null ? state : state.withRawOperatorState(List.of(handle));
        }, CompletableFuture.allOf(managed.ready(), log.done()));
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        super.notifyCheckpointAborted(checkpointId);
        logs.removeIf(log -> {
            if (log.checkpointId() != checkpointId) {
                return false;
            }
            log.fail(new IllegalStateException("Checkpoint " + checkpointId + " was aborted before its barrier came back around iteration '"
                    + kind.iteration() + "'"));
            return true;
        });
    }

    /** Fails the logs still open and closes the queue (it stays in the lane, closed, for a tail still running). */
    @Override
    public void close() throws Exception {
        try {
            while (!logs.isEmpty()) {
                logs.removeFirst().fail(new IllegalStateException("The head of iteration '" + kind.iteration() + "' (operator '"
                        + context.nameWithSubtask() + "') ended before the checkpoint's barrier came back around the loop"));
            }
            if (queue != null) {
                spillFiles.add(queue.spilledFiles());
                queue.close();
            }
        } finally {
            super.close();
        }
    }

    /** The marker of {@code checkpointId} came out of the queue: its log is complete, and logs of older checkpoints never will be. */
    private void markerReturned(long checkpointId) {
        while (!logs.isEmpty() && logs.peekFirst().checkpointId() < checkpointId) {
            FeedbackLog<StreamElement> lost = logs.removeFirst();
            lost.fail(new IllegalStateException("The barrier of checkpoint " + lost.checkpointId() + " did not come back around iteration '"
                    + kind.iteration() + "' before that of checkpoint " + checkpointId + " (the loop's tail did not take part in it)"));
        }
        FeedbackLog<StreamElement> log = logs.peekFirst();
        if (log != null && log.checkpointId() == checkpointId) {
            logs.removeFirst();
            LOG.debug("{}: checkpoint {} holds {} feedback records of iteration '{}' in flight", context.nameWithSubtask(), checkpointId,
                    log.records(), kind.iteration());
            checkpointed.add(log.records());
            log.complete();
        }
    }

    private long now() {
        return context.environment().timerService().currentTimeMillis();
    }

    /**
     * The feedback as the task polls it. It ends when the loop may end: the regular input ended, the
     * tail saw every input upstream end, and no feedback came for the max wait, measured from the
     * moment the queue last ran empty after feedback, or from the later of those two ends.
     */
    private final class FeedbackInput implements LaneInput {
        /** The record taken last: a fresh object from the queue, with the timestamp it was fed back with. */
        private StreamRecord<F> incoming;

        @Override
        public int targetInput() {
            return 1;
        }

        @Override
        public Status poll() throws Exception {
            while (true) {
                switch (queue.poll()) {
                    case RECORD -> {
                        fedBack++;
                        incoming = queue.record().asRecord();
                        return Status.RECORD;
                    }
                    case MARKER -> markerReturned(queue.marker());
                    case INPUTS_ENDED -> tailInputsEnded();
                    case NOTHING_AVAILABLE -> {
                        return ended() ? Status.END_OF_INPUT : Status.NOTHING_AVAILABLE;
                    }
                }
            }
        }

        @Override
        public StreamRecord<?> record() {
            return incoming;
        }

        @Override
        public CompletableFuture<?> available() {
            CompletableFuture<?> data = queue.available();
            if (!waitsForEnd()) {
                return data;
            }
            if (deadline == null || deadline.isDone()) {
                CompletableFuture<Void> timer = new CompletableFuture<>();
                deadline = timer;
                scheduleTimer(Math.max(0, lastActivityMillis + kind.maxWaitMillis() - now()), () -> timer.complete(null));
            }
            return CompletableFuture.anyOf(data, deadline);
        }

        private boolean waitsForEnd() {
            return regularInputEnded && tailInputsEnded && kind.maxWaitMillis() != StreamIterationKinds.NO_MAX_WAIT;
        }

        /** Whether the loop ends now; dates the feedback taken since the queue last ran empty. */
        private boolean ended() {
            if (!waitsForEnd()) {
                return false;
            }
            long now = now();
            if (fedBack != fedBackAtLastIdle) {
                fedBackAtLastIdle = fedBack;
                lastActivityMillis = now;
                return false;
            }
            return now - lastActivityMillis >= kind.maxWaitMillis();
        }
    }
}
