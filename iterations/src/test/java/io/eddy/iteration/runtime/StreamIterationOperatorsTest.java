package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStateOutputStream;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.BoundedMultiInput;
import io.eddy.runtime.operators.CollectingOutput;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.LaneInput;
import io.eddy.runtime.operators.LaneInputHead;
import io.eddy.runtime.operators.ManualTimerService;
import io.eddy.runtime.operators.OperatorFactory;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.operators.QueueMailbox;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.tasks.OperatorChain;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streaming loop's head and tail over the real {@code OperatorChain} (operators from the
 * module's provider), one lane, the test thread playing both task threads and the input
 * processor, which polls the head's lane input and hands its records to the head's input 1.
 */
class StreamIterationOperatorsTest {

    private static final String LOOP = "iteration-1";
    private static final CheckpointOptions CHECKPOINT = new CheckpointOptions(CheckpointType.CHECKPOINT, null);

    @TempDir
    File tmp;

    private MemoryManager memory;
    private IOManager io;
    private TestLaneResources lane;
    private ManualTimerService time;
    private final List<OperatorChain> chains = new ArrayList<>();

    @BeforeEach
    void setUp() {
        memory = new MemoryManager(4L << 20, 1024);
        io = new IOManager(tmp);
        lane = new TestLaneResources();
        time = new ManualTimerService(1_000);
    }

    @AfterEach
    void tearDown() {
        chains.forEach(OperatorChain::close);
        io.close();
    }

    @Test
    void theHeadEmitsItsInputAndTheFeedbackItsTailHandsOverInOrder() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        head.input(0, 1L, 2L);
        tail.input(0, 10L, 11L, 12L);
        assertThat(head.pollFeedback()).containsExactly(10L, 11L, 12L);
        assertThat(head.feedback().poll()).isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);
        assertThat(head.main()).containsExactly(1L, 2L, 10L, 11L, 12L);
        assertThat(memory.pagesHeldBy(lane.get(LaneFeedbackQueues.key(LOOP, 0, 0)))).as("the queue's pages").isPositive();
    }

    @Test
    void aConnectedLoopsFeedbackGoesToTheSideOutput() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, "feedback").open(null);
        Rig tail = tail().open(null);
        head.input(0, 1L);
        tail.input(0, 5L);
        head.pollFeedback();
        assertThat(head.main()).containsExactly(1L);
        assertThat(head.side()).containsExactly(5L);
    }

    @Test
    void withAMaxWaitTheFeedbackEndsOnceTheInputEndedAndNoFeedbackCameForThatLong() throws Exception {
        Rig head = head(500, null).open(null);
        Rig tail = tail().open(null);
        LaneInput feedback = head.feedback();
        time.advance(10_000);
        assertThat(feedback.poll()).as("the input still runs").isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);

        head.endInput(0);
        time.advance(10_000);
        assertThat(feedback.poll()).as("inputs upstream of the tail may still run").isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);
        assertThat(time.pendingDueTimes()).isEmpty();
        tail.watermark(Watermark.MAX_WATERMARK); // every input upstream of the tail ended
        assertThat(feedback.poll()).isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);
        CompletableFuture<?> wake = feedback.available();
        assertThat(wake).isNotDone();
        time.advance(300);
        tail.input(0, 7L);
        assertThat(wake).as("woken by the feedback").isDone();
        assertThat(head.pollFeedback()).containsExactly(7L);
        feedback.available();
        time.advance(499); // the timer set when the input ended wakes the task; the feedback's 500 ms have not passed
        assertThat(feedback.poll()).isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);
        CompletableFuture<?> timer = feedback.available();
        assertThat(timer).isNotDone();
        time.advance(1);
        assertThat(timer).as("woken by the max wait's timer").isDone();
        assertThat(feedback.poll()).isEqualTo(LaneInput.Status.END_OF_INPUT);
    }

    @Test
    void withoutAMaxWaitTheFeedbackNeverEnds() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        head.endInput(0);
        tail.watermark(Watermark.MAX_WATERMARK);
        time.advance(1_000_000);
        assertThat(head.feedback().poll()).isEqualTo(LaneInput.Status.NOTHING_AVAILABLE);
        assertThat(head.feedback().available()).isNotDone();
        assertThat(time.pendingDueTimes()).isEmpty();
    }

    /**
     * The checkpoint protocol: the barrier passes the head (its log opens), feedback the tail handed
     * over before the barrier reached it is logged as the head takes it, the tail's marker closes
     * the log; a restored head emits the log before anything else.
     */
    @Test
    void theFeedbackInFlightDuringACheckpointIsItsStateAndIsReplayedOnRestore() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        tail.input(0, 1L, 2L);
        assertThat(head.pollFeedback(1)).containsExactly(1L); // taken before the barrier: not in flight

        OperatorSnapshot snapshot = head.snapshot(5);
        assertThat(snapshot.ready()).as("waits for the barrier to come back around").isNotDone();
        tail.input(0, 3L);
        assertThat(head.pollFeedback(1)).containsExactly(2L);
        tail.snapshot(5); // the barrier reaches the tail: its marker follows 3
        tail.input(0, 4L); // after the marker: not in flight at checkpoint 5
        assertThat(head.pollFeedback()).containsExactly(3L, 4L);
        assertThat(snapshot.ready()).isDone();
        OperatorSubtaskState state = snapshot.asyncPart().call();
        assertThat(state.rawOperatorState()).hasSize(1);

        Rig restored = head(StreamIterationKinds.NO_MAX_WAIT, null, 1).open(state);
        assertThat(restored.main()).as("re-emitted in open(), before anything else").containsExactly(2L, 3L);
    }

    /** Fed-back records keep their timestamps: through the queue, and through a checkpoint's log on restore. */
    @Test
    void fedBackRecordsKeepTheirTimestampsThroughTheQueueAndTheCheckpointLog() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        OperatorSnapshot snapshot = head.snapshot(3);
        tail.inputAt(0, 10L, 1_000L);
        tail.input(0, 11L);
        tail.snapshot(3);
        head.pollFeedback();
        assertThat(snapshot.ready()).isDone();
        assertThat(head.records()).extracting(StreamRecord::getValue).containsExactly(10L, 11L);
        assertThat(head.records().get(0).hasTimestamp()).isTrue();
        assertThat(head.records().get(0).getTimestamp()).isEqualTo(1_000L);
        assertThat(head.records().get(1).hasTimestamp()).as("a record without one stays without").isFalse();

        Rig restored = head(StreamIterationKinds.NO_MAX_WAIT, null, 1).open(snapshot.asyncPart().call());
        assertThat(restored.records()).extracting(StreamRecord::getValue).containsExactly(10L, 11L);
        assertThat(restored.records().get(0).getTimestamp()).isEqualTo(1_000L);
        assertThat(restored.records().get(1).hasTimestamp()).isFalse();
    }

    @Test
    void aCheckpointWithoutFeedbackInFlightHasNoRawState() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        OperatorSnapshot snapshot = head.snapshot(1);
        tail.snapshot(1);
        head.pollFeedback();
        assertThat(snapshot.ready()).isDone();
        assertThat(snapshot.asyncPart().call().isEmpty()).isTrue();
    }

    @Test
    void aLaterMarkerAnAbortOrTheHeadsCloseFailTheLogsOfCheckpointsThatCannotComplete() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        OperatorSnapshot first = head.snapshot(1);
        OperatorSnapshot second = head.snapshot(2);
        tail.input(0, 9L);
        tail.snapshot(2); // checkpoint 1 never reached the tail (aborted on the way)
        head.pollFeedback();
        assertThat(first.ready()).isCompletedExceptionally();
        assertThatThrownBy(() -> first.ready().join()).hasMessageContaining("The barrier of checkpoint 1 did not come back around iteration"
                + " 'iteration-1' before that of checkpoint 2");
        assertThat(second.ready()).isDone().isNotCompletedExceptionally();

        OperatorSnapshot aborted = head.snapshot(3);
        head.chain.notifyCheckpoint(3, false);
        assertThatThrownBy(() -> aborted.ready().join()).hasMessageContaining("Checkpoint 3 was aborted");

        OperatorSnapshot open = head.snapshot(4);
        head.chain.close();
        chains.remove(head.chain);
        assertThatThrownBy(() -> open.ready().join()).hasMessageContaining("ended before the checkpoint's barrier came back");
    }

    @Test
    void afterTheHeadClosedTheTailDropsAndCountsWhatItFeedsBack() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        head.chain.close();
        chains.remove(head.chain);
        tail.input(0, 1L, 2L);
        assertThat(((LongCounter) tail.env.accumulators().get(StreamIterationTail.droppedAccumulator(LOOP))).get()).isEqualTo(2);
        assertThat(memory.verifyEmpty()).as("the closed queue released its pages").isTrue();
    }

    @Test
    void aFeedbackVolumeBeyondTheQueuesMemorySpillsAndComesBackInOrder() throws Exception {
        Rig head = head(StreamIterationKinds.NO_MAX_WAIT, null).open(null);
        Rig tail = tail().open(null);
        Long[] many = new Long[50_000]; // 50,000 longs against 2 x 4 pages of 1 KiB
        for (int i = 0; i < many.length; i++) {
            many[i] = (long) i;
        }
        tail.input(0, (Object[]) many);
        FeedbackQueue<?> queue = (FeedbackQueue<?>) lane.get(LaneFeedbackQueues.key(LOOP, 0, 0));
        assertThat(queue.spilledFiles()).isPositive();
        assertThat(head.pollFeedback()).containsExactly(many);
    }

    // ---- rig ------------------------------------------------------------------------------------

    private Rig head(long maxWait, String sideOutput) {
        return head(maxWait, sideOutput, 0);
    }

    /** A head task of one operator: output 0 its main output, output 1 its feedback side output (if any). */
    private Rig head(long maxWait, String sideOutput, int attempt) {
        StreamIterationKinds.StreamHead kind = new StreamIterationKinds.StreamHead(LOOP, maxWait, Types.LONG, sideOutput, 8 * 1024);
        OperatorDescriptor d = OperatorDescriptor.builder(kind).inputType(Types.LONG).outputType(Types.LONG).build();
        List<OperatorOutput> outs = new ArrayList<>(List.of(OperatorOutput.network(0)));
        if (sideOutput != null) {
            outs.add(new OperatorOutput(OperatorOutput.Target.NETWORK, 1, 0, sideOutput));
        }
        return new Rig(d, outs, attempt);
    }

    private Rig tail() {
        OperatorDescriptor d = OperatorDescriptor.builder(new StreamIterationKinds.StreamTail(LOOP, 8 * 1024)).inputType(Types.LONG).build();
        return new Rig(d, List.of(), 0);
    }

    /** One task: its chain, outputs and environment; the test thread is its task thread. */
    private final class Rig {
        final OperatorChain chain;
        final TaskEnvironment env;
        final List<CollectingOutput<Object>> outputs = new ArrayList<>();

        Rig(OperatorDescriptor descriptor, List<OperatorOutput> outs, int attempt) {
            for (int i = 0; i < outs.size(); i++) {
                outputs.add(new CollectingOutput<>());
            }
            String name = descriptor.kind().name();
            JobVertex vertex = new JobVertex(new JobVertexId(0), name, 1, KeyGroups.DEFAULT_MAX_PARALLELISM,
                    List.of(OperatorTestHarness.spec(name, descriptor, outs)));
            env = TaskEnvironment.builder().taskName(name).subtask(0, 1, KeyGroups.DEFAULT_MAX_PARALLELISM).attempt(attempt).timerService(time).mailbox(new QueueMailbox()).memoryManager(memory)
                    .ioManager(io).laneResources(lane).build();
            chain = OperatorChain.build(vertex, env, OperatorFactory.load(getClass().getClassLoader()), outputs);
            chains.add(chain);
        }

        Rig open(OperatorSubtaskState restored) {
            String uid = chain.uids().get(0);
            chain.initializeState(restored == null ? null : new TaskRestore(1, new TaskStateSnapshot(Map.of(uid, restored))));
            chain.open();
            return this;
        }

        @SuppressWarnings("unchecked")
        void input(int index, Object... values) throws Exception {
            Input<Object> input = (Input<Object>) chain.head().input(index);
            for (Object value : values) {
                input.processElement(new StreamRecord<>(value));
            }
        }

        @SuppressWarnings("unchecked")
        void inputAt(int index, Object value, long timestamp) throws Exception {
            ((Input<Object>) chain.head().input(index)).processElement(new StreamRecord<>(value, timestamp));
        }

        @SuppressWarnings("unchecked")
        void watermark(Watermark watermark) throws Exception {
            ((Input<Object>) chain.head().input(0)).processWatermark(watermark);
        }

        void endInput(int index) throws Exception {
            ((BoundedMultiInput) chain.head()).endInput(index);
        }

        LaneInput feedback() {
            return ((LaneInputHead) chain.head()).laneInput();
        }

        /** Polls the feedback as the task's input processor does, handing each record to input 1, until nothing is there. */
        List<Object> pollFeedback() throws Exception {
            return pollFeedback(Integer.MAX_VALUE);
        }

        @SuppressWarnings("unchecked")
        List<Object> pollFeedback(int max) throws Exception {
            List<Object> taken = new ArrayList<>();
            Input<Object> target = (Input<Object>) chain.head().input(feedback().targetInput());
            while (taken.size() < max && feedback().poll() == LaneInput.Status.RECORD) {
                StreamRecord<Object> record = (StreamRecord<Object>) feedback().record();
                taken.add(record.getValue());
                target.processElement(record);
            }
            return taken;
        }

        OperatorSnapshot snapshot(long checkpointId) {
            return chain.snapshotState(checkpointId, 0, CHECKPOINT, new InlineStreams()).values().iterator().next();
        }

        List<Object> main() {
            return outputs.get(0).values();
        }

        List<StreamRecord<Object>> records() {
            return outputs.get(0).records();
        }

        List<Object> side() {
            return outputs.get(1).values();
        }
    }

    /** Checkpoint streams kept in memory, as inline handles. */
    private static final class InlineStreams implements CheckpointStreamFactory {
        @Override
        public CheckpointStateOutputStream createOutputStream(String nameHint) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            return new CheckpointStateOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public long getPos() {
                    return bytes.size();
                }

                @Override
                public ByteStreamStateHandle closeAndGetHandle() {
                    return new ByteStreamStateHandle(nameHint, bytes.toByteArray());
                }

                @Override
                public void close() throws IOException {
                    bytes.reset();
                }
            };
        }
    }
}
