package io.eddy.runtime.io.network.partition.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.event.EndOfEventTimeEvent;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.testutils.TestRecord;
import io.eddy.runtime.io.network.testutils.TestRecordSerializer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Blocking channels of a {@link SingleInputGate} over real local channels, the checkpoint events'
 * wire format, and the channel events a {@link RecordInput} consumes itself (end of partition, end
 * of event time).
 */
class InputGateBlockingTest {

    private static final InetSocketAddress SELF = new InetSocketAddress("127.0.0.1", 1);
    private static final CheckpointBarrier BARRIER = new CheckpointBarrier(7, 12345L,
            new CheckpointOptions(CheckpointType.SAVEPOINT, "file:///tmp/savepoints/sp-1"));

    private final JobId job = JobId.generate();
    private final ResultPartitionManager manager = new ResultPartitionManager();
    private final NetworkBufferPool global = new NetworkBufferPool(64, 1024, false);

    @Test
    void aBlockedChannelIsNotPolledAndItsDataArrivesAfterUnblocking() throws Exception {
        SingleInputGate gate = localGate(2);
        RecordWriter<TestRecord> first = writer(0);
        RecordWriter<TestRecord> second = writer(1);
        first.emit(TestRecord.of(0, 0, 8));
        first.broadcastEvent(BARRIER);
        first.emit(TestRecord.of(0, 1, 8));
        first.flushAll();
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);

        List<String> seen = new ArrayList<>();
        CheckpointBarrier received = null;
        while (received == null) {
            InputStatus status = pollOrWait(input);
            if (status == InputStatus.EVENT) {
                received = (CheckpointBarrier) input.event();
                input.blockChannel(input.channelIndex());
            } else if (status == InputStatus.RECORD) {
                seen.add(input.record().producer() + ":" + input.record().sequence());
            }
        }
        assertThat(received).isEqualTo(BARRIER);
        assertThat(seen).containsExactly("0:0");

        // Channel 0 has record 1 queued but is blocked: only channel 1's data is returned.
        second.emit(TestRecord.of(1, 0, 8));
        second.flushAll();
        assertThat(pollOrWait(input)).isEqualTo(InputStatus.RECORD);
        assertThat(input.record().producer()).isEqualTo(1);
        assertThat(input.pollNext()).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        CompletableFuture<?> available = input.getAvailableFuture();
        assertThat(available).as("blocked data does not make the gate available").isNotDone();

        input.unblockChannel(0);
        available.get(10, TimeUnit.SECONDS);
        assertThat(input.pollNext()).isEqualTo(InputStatus.RECORD);
        assertThat(input.record().producer() + ":" + input.record().sequence()).isEqualTo("0:1");
        assertThat(input.pollNext()).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        input.close();
    }

    @Test
    void dataAnnouncedWhileBlockedIsReadAfterUnblocking() throws Exception {
        SingleInputGate gate = localGate(1);
        RecordWriter<TestRecord> writer = writer(0);
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);
        writer.broadcastEvent(new CancelCheckpointMarker(3));
        assertThat(pollOrWait(input)).isEqualTo(InputStatus.EVENT);
        assertThat(input.event()).isEqualTo(new CancelCheckpointMarker(3));
        input.blockChannel(0);

        writer.emit(TestRecord.of(0, 5, 8));
        writer.flushAll();
        assertThat(input.pollNext()).isEqualTo(InputStatus.NOTHING_AVAILABLE);

        input.unblockChannel(0);
        assertThat(pollOrWait(input)).isEqualTo(InputStatus.RECORD);
        assertThat(input.record().sequence()).isEqualTo(5);
        input.close();
    }

    @Test
    void theChannelEndListenerHearsEachEndedChannel() throws Exception {
        SingleInputGate gate = localGate(2);
        ResultPartition p0 = partitions.get(0);
        ResultPartition p1 = partitions.get(1);
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);
        List<Integer> ended = new ArrayList<>();
        input.setChannelEndListener(ended::add);

        p1.finish();
        while (ended.isEmpty()) {
            InputStatus status = input.pollNext();
            assertThat(status).isNotEqualTo(InputStatus.END_OF_INPUT);
            if (status == InputStatus.NOTHING_AVAILABLE && ended.isEmpty()) {
                input.getAvailableFuture().get(10, TimeUnit.SECONDS);
            }
        }
        p0.finish();
        InputStatus status;
        while ((status = pollOrWait(input)) != InputStatus.END_OF_INPUT) {
            assertThat(status).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        }
        assertThat(ended).containsExactly(1, 0);
        input.close();
    }

    @Test
    void theEndOfEventTimeGoesToItsListenerBetweenTheRecordsAroundItAndIsNoEvent() throws Exception {
        SingleInputGate gate = localGate(2);
        RecordWriter<TestRecord> first = writer(0);
        first.emit(TestRecord.of(0, 0, 8));
        first.broadcastEvent(EndOfEventTimeEvent.INSTANCE);
        first.emit(TestRecord.of(0, 1, 8));
        first.flushAll();
        partitions.get(0).finish();
        partitions.get(1).broadcastEvent(EndOfEventTimeEvent.INSTANCE);
        partitions.get(1).finish();
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);
        List<String> seen = new ArrayList<>();
        input.setEndOfEventTimeListener(channel -> seen.add("end of event time " + channel));

        InputStatus status;
        while ((status = pollOrWait(input)) != InputStatus.END_OF_INPUT) {
            assertThat(status).isIn(InputStatus.RECORD, InputStatus.NOTHING_AVAILABLE);
            if (status == InputStatus.RECORD) {
                seen.add(input.record().producer() + ":" + input.record().sequence());
            }
        }
        assertThat(seen).containsSubsequence("0:0", "end of event time 0", "0:1").contains("end of event time 1").hasSize(4);
        input.close();
    }

    @Test
    void withoutAListenerTheEndOfEventTimeIsAnEvent() throws Exception {
        SingleInputGate gate = localGate(1);
        partitions.get(0).broadcastEvent(EndOfEventTimeEvent.INSTANCE);
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);

        assertThat(pollOrWait(input)).isEqualTo(InputStatus.EVENT);
        assertThat(input.event()).isSameAs(EndOfEventTimeEvent.INSTANCE);
        input.close();
    }

    /** Polls once; if nothing is there, waits (bounded) for availability and polls again. */
    private static InputStatus pollOrWait(RecordInput<TestRecord> input) throws Exception {
        InputStatus status = input.pollNext();
        if (status == InputStatus.NOTHING_AVAILABLE) {
            input.getAvailableFuture().get(10, TimeUnit.SECONDS);
            status = input.pollNext();
        }
        return status;
    }

    private final List<ResultPartition> partitions = new ArrayList<>();

    private SingleInputGate localGate(int producers) throws IOException {
        SingleInputGate gate = new SingleInputGate("consumer", producers, null, () -> { });
        for (int p = 0; p < producers; p++) {
            ResultPartitionId id = new ResultPartitionId(job, 0, 0, p, 0);
            ResultPartition partition = new ResultPartition(id, "producer " + p, 1, global.createLocalPool(8, "producer " + p),
                    manager::unregister);
            manager.register(partition);
            partitions.add(partition);
            gate.setChannel(p, new LocalInputChannel(gate, p, id, 0, manager, Duration.ofSeconds(10), SELF));
        }
        gate.requestPartitions();
        return gate;
    }

    private RecordWriter<TestRecord> writer(int producer) {
        return new RecordWriter<>(partitions.get(producer), ChannelSelectors.forward(), TestRecordSerializer.INSTANCE, -1);
    }
}
