package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.operators.Input;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Barrier alignment (exactly-once) and tracking (at-least-once) through the real input processor
 * over scripted channels: which channels are blocked, and where the snapshot falls among the records.
 */
class CheckpointBarrierHandlerTest {

    private static final CheckpointOptions OPTIONS = new CheckpointOptions(CheckpointType.CHECKPOINT, null);

    /** Records ("a1"), snapshots ("snapshot 1") and aborts ("abort 1: reason"), in the order the task saw them. */
    private final List<String> log = new ArrayList<>();
    private final TaskMailbox mailbox = new TaskMailbox("test task");
    private final CheckpointActions actions = new CheckpointActions() {
        @Override
        public void snapshotOnBarrier(CheckpointBarrier barrier, long alignmentNanos) {
            log.add("snapshot " + barrier.id());
        }

        @Override
        public void abortCheckpoint(long checkpointId, CheckpointAbortReason reason) {
            log.add("abort " + checkpointId + ": " + reason.name());
        }
    };

    private static CheckpointBarrier barrier(long id) {
        return new CheckpointBarrier(id, 1000 + id, OPTIONS);
    }

    @Test
    void alignmentBlocksTheChannelsThatDeliveredTheBarrierUntilAllHave() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of("a1", barrier(1), "a2"),
                List.of("b1", "b2", barrier(1), "b3"),
                List.of("c1", barrier(1), "c2"));

        runToEnd(processor(CheckpointBarrierHandler.EXACTLY_ONCE, gate));

        assertThat(log.subList(0, 5)).containsExactlyInAnyOrder("a1", "b1", "b2", "c1", "snapshot 1");
        assertThat(log.get(4)).isEqualTo("snapshot 1");
        assertThat(log.subList(5, 8)).containsExactlyInAnyOrder("a2", "b3", "c2");
        // The last channel to deliver is not blocked; the others are unblocked only after the snapshot.
        assertThat(gate.blockCalls).containsExactly("block 0", "block 2", "unblock 0", "unblock 1", "unblock 2");
    }

    @Test
    void aBlockedChannelIsNotReadWhileOthersStillDeliverRecords() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(List.of(barrier(1), "a1"), List.of("b1"));
        StreamInputProcessor processor = processor(CheckpointBarrierHandler.EXACTLY_ONCE, gate);
        RecordingController controller = new RecordingController();

        processor.run(controller);

        assertThat(log).containsExactly("b1");
        assertThat(gate.isBlocked(0)).isTrue();
        assertThat(controller.calls).containsExactly("suspended");

        gate.add(1, "b2", barrier(1), "b3", ChannelScriptedGate.END);
        gate.add(0, ChannelScriptedGate.END);
        runToEnd(processor);
        assertThat(log).containsExactly("b1", "b2", "snapshot 1", "a1", "b3");
    }

    @Test
    void aNewerBarrierAbortsTheOlderAlignmentAndStartsItsOwn() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of(barrier(1), "a1", barrier(2), "a2"),
                List.of(barrier(2), "b1"));

        runToEnd(processor(CheckpointBarrierHandler.EXACTLY_ONCE, gate));

        assertThat(log).containsExactly("abort 1: SUBSUMED_DURING_ALIGNMENT", "a1", "snapshot 2", "b1", "a2");
    }

    @Test
    void aCancelMarkerEndsTheAlignmentOnceAndLaterBarriersOfThatCheckpointAreIgnored() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of(barrier(3), "a1"),
                List.of(new CancelCheckpointMarker(3), "b1"),
                List.of(new CancelCheckpointMarker(3), barrier(3), "c1", barrier(4)),
                List.of("d1", barrier(4)));
        StreamInputProcessor processor = processor(CheckpointBarrierHandler.EXACTLY_ONCE, gate);

        RecordingController controller = new RecordingController();
        for (int i = 0; i < 20; i++) {
            processor.run(controller);
        }

        assertThat(log).filteredOn(s -> s.startsWith("abort")).containsExactly("abort 3: CANCELLED_UPSTREAM");
        assertThat(log).contains("a1", "b1", "c1", "d1");
        assertThat(log.indexOf("abort 3: CANCELLED_UPSTREAM")).isLessThan(log.indexOf("a1"));
        assertThat(log).doesNotContain("snapshot 3");
        // Checkpoint 4 waits for channels 0 and 1, which will not deliver it in this script.
        assertThat(gate.isBlocked(2)).isTrue();
        assertThat(gate.isBlocked(3)).isTrue();
    }

    @Test
    void endedChannelsCountAsHavingDeliveredTheBarrier() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of(barrier(1), "a1", barrier(2), "a2"),
                List.of("b1", ChannelScriptedGate.END));

        runToEnd(processor(CheckpointBarrierHandler.EXACTLY_ONCE, gate));

        assertThat(log).containsExactly("b1", "snapshot 1", "a1", "snapshot 2", "a2");
    }

    @Test
    void atLeastOnceBlocksNothingAndSnapshotsAtTheLastBarrier() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of(barrier(1), "a1"),
                List.of("b1", barrier(1), "b2"));

        runToEnd(processor(CheckpointBarrierHandler.AT_LEAST_ONCE, gate));

        assertThat(log).containsExactly("b1", "a1", "snapshot 1", "b2");
        assertThat(gate.blockCalls).isEmpty();
    }

    @Test
    void atLeastOnceTakesTheNewerCheckpointAndAbortsTheOlderOneStillOpen() throws Exception {
        ChannelScriptedGate gate = new ChannelScriptedGate(
                List.of(barrier(1), barrier(2)),
                List.of(barrier(2), "b1", barrier(1)));

        runToEnd(processor(CheckpointBarrierHandler.AT_LEAST_ONCE, gate));

        assertThat(log).containsExactly("abort 1: SUBSUMED_DURING_ALIGNMENT", "snapshot 2", "b1");
    }

    @Test
    void alignmentSpansTheChannelsOfSeveralGatesFeedingTwoInputs() throws Exception {
        ChannelScriptedGate first = new ChannelScriptedGate(List.of(barrier(1), "a1"));
        ChannelScriptedGate second = new ChannelScriptedGate(List.of("b1", barrier(1), "b2"), List.of(barrier(1), "c1"));
        List<Input<Object>> targets = List.of(target(0), target(1));
        StreamInputProcessor processor = new StreamInputProcessor(List.of(first, second), targets, new int[] {0, 1}, 2, -1,
                StreamInputProcessor.EndOfInput.NONE, "Head (1/1)", mailbox);
        processor.setBarrierHandler(CheckpointBarrierHandler.create(CheckpointBarrierHandler.EXACTLY_ONCE, processor.numberOfChannels(),
                actions, processor.channelBlocker(), "Head (1/1)"));

        runToEnd(processor);

        assertThat(processor.numberOfChannels()).isEqualTo(3);
        assertThat(log.indexOf("snapshot 1")).isEqualTo(1);
        assertThat(log.get(0)).isEqualTo("in1:b1");
        assertThat(log.subList(2, 5)).containsExactlyInAnyOrder("in0:a1", "in1:b2", "in1:c1");
        assertThat(first.blockCalls).startsWith("block 0");
        assertThat(second.blockCalls).contains("block 1", "unblock 0", "unblock 1");
    }

    private StreamInputProcessor processor(String mode, ChannelScriptedGate gate) {
        StreamInputProcessor processor = new StreamInputProcessor(List.of(gate), List.of(record -> log.add((String) record.getValue())),
                new int[] {0}, 1, -1, StreamInputProcessor.EndOfInput.NONE, "Head (1/1)", mailbox);
        processor.setBarrierHandler(CheckpointBarrierHandler.create(mode, processor.numberOfChannels(), actions, processor.channelBlocker(),
                "Head (1/1)"));
        return processor;
    }

    private Input<Object> target(int input) {
        return record -> log.add("in" + input + ":" + record.getValue());
    }

    /** Runs until every channel ended (scripts end with END or are completed by it). */
    private static void runToEnd(StreamInputProcessor processor) throws Exception {
        RecordingController controller = new RecordingController();
        for (int i = 0; i < 100 && !controller.calls.contains("completed"); i++) {
            processor.run(controller);
        }
    }

    private static final class RecordingController implements MailboxProcessor.Controller {
        final List<String> calls = new ArrayList<>();

        @Override
        public void suspendUntil(CompletableFuture<?> available) {
            calls.add("suspended");
        }

        @Override
        public void allActionsCompleted() {
            calls.add("completed");
        }
    }
}
