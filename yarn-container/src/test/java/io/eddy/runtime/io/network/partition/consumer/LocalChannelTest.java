package io.eddy.runtime.io.network.partition.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.partition.ProducerFailedException;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.testutils.TestRecord;
import io.eddy.runtime.io.network.testutils.TestRecordSerializer;
import io.eddy.runtime.io.network.testutils.TestTasks;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Producer threads to consumer threads through result partitions and local channels (no sockets). */
class LocalChannelTest {

    private static final InetSocketAddress SELF = new InetSocketAddress("127.0.0.1", 1);

    private final JobId job = JobId.generate();
    private final ResultPartitionManager manager = new ResultPartitionManager();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private NetworkBufferPool global;

    @AfterEach
    void stopThreads() {
        threads.shutdownNow();
    }

    @ParameterizedTest(name = "bufferTimeout={0}, offHeap={1}")
    @CsvSource({"-1, false", "0, false", "5, true"})
    void allRecordsArriveInOrderPerChannelThenEndOfInput(long bufferTimeout, boolean offHeap) throws Exception {
        global = new NetworkBufferPool(300, 1024, offHeap);
        int producers = 3;
        int consumers = 2;
        int perProducer = bufferTimeout == 0 ? 5_000 : 50_000;
        List<Future<long[]>> consumed = new ArrayList<>();
        for (int c = 0; c < consumers; c++) {
            SingleInputGate gate = localGate("consumer " + c, producers, c);
            consumed.add(threads.submit(() -> TestTasks.consume(gate, producers)));
        }
        List<Future<?>> produced = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            ResultPartition partition = partition(p, consumers);
            int producer = p;
            produced.add(threads.submit(() -> {
                TestTasks.produce(partition, ChannelSelectors.roundRobin(), producer, perProducer, bufferTimeout, i -> i % 7);
                return null;
            }));
        }
        for (Future<?> future : produced) {
            future.get(60, TimeUnit.SECONDS);
        }
        long[] totalPerProducer = new long[producers];
        for (Future<long[]> future : consumed) {
            long[] counts = future.get(60, TimeUnit.SECONDS);
            for (int p = 0; p < producers; p++) {
                totalPerProducer[p] += counts[p];
            }
        }
        assertThat(totalPerProducer).containsOnly(perProducer);
        assertThat(manager.numberOfPartitions()).as("consumed partitions are released").isZero();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
    }

    @Test
    void producerFailureReachesTheConsumer() throws Exception {
        global = new NetworkBufferPool(50, 1024, false);
        SingleInputGate gate = localGate("consumer", 1, 0);
        ResultPartition partition = partition(0, 1);
        RecordWriter<TestRecord> writer = new RecordWriter<>(partition, ChannelSelectors.forward(), TestRecordSerializer.INSTANCE, 0);
        writer.emit(TestRecord.of(0, 0, 10));
        partition.fail(new IllegalStateException("user function exploded"));
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);
        assertThatThrownBy(() -> {
            while (true) {
                if (input.pollNext() == InputStatus.NOTHING_AVAILABLE) {
                    input.getAvailableFuture().get(10, TimeUnit.SECONDS);
                }
            }
        }).isInstanceOf(ProducerFailedException.class)
                .hasMessageContaining("user function exploded")
                .hasMessageContaining("producer 0");
        writer.close();
        input.close();
        partition.release();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
    }

    @Test
    void missingPartitionFailsAfterTheTimeoutNamingPartitionAndProducer() throws Exception {
        global = new NetworkBufferPool(10, 1024, false);
        SingleInputGate gate = new SingleInputGate("consumer", 1, null, () -> { });
        ResultPartitionId id = new ResultPartitionId(job, 9, 0, 0, 0);
        gate.setChannel(0, new LocalInputChannel(gate, 0, id, 0, manager, Duration.ofMillis(200), SELF));
        gate.requestPartitions();
        gate.getAvailableFuture().get(10, TimeUnit.SECONDS);
        assertThatThrownBy(gate::pollNext).hasMessageContaining("vertex 9").hasMessageContaining("127.0.0.1:1").hasMessageContaining("200 ms");
    }

    @Test
    void eventsArriveInBandAfterEarlierRecords() throws Exception {
        global = new NetworkBufferPool(50, 256, false);
        SingleInputGate gate = localGate("consumer", 1, 0);
        ResultPartition partition = partition(0, 1);
        RecordWriter<TestRecord> writer = new RecordWriter<>(partition, ChannelSelectors.forward(), TestRecordSerializer.INSTANCE, -1);
        writer.emit(TestRecord.of(0, 0, 5));
        writer.emit(TestRecord.of(0, 1, 700));
        writer.broadcastEvent(TestEvent.INSTANCE);
        writer.emit(TestRecord.of(0, 2, 5));
        writer.close();
        partition.finish();
        RecordInput<TestRecord> input = new RecordInput<>(gate, TestRecordSerializer.INSTANCE);
        List<String> seen = new ArrayList<>();
        InputStatus status;
        while ((status = input.pollNext()) != InputStatus.END_OF_INPUT) {
            switch (status) {
                case RECORD -> seen.add("record " + input.record().sequence());
                case EVENT -> seen.add("event " + input.event());
                case NOTHING_AVAILABLE -> input.getAvailableFuture().get(10, TimeUnit.SECONDS);
                default -> throw new AssertionError(status);
            }
        }
        assertThat(seen).containsExactly("record 0", "record 1", "event TestEvent", "record 2");
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
    }

    @Test
    void smallRecordsArriveInOrderWhileTheProducersBuffersAreRecycled() throws Exception {
        global = new NetworkBufferPool(100, 32 * 1024, false);
        SingleInputGate gate = localGate("consumer", 1, 0);
        ResultPartition partition = partition(0, 1);
        // About 7 MB of 20-26-byte records through the partition's 10 buffers of 32 KiB: each buffer is reused many times.
        int records = 300_000;
        Future<long[]> consumed = threads.submit(() -> TestTasks.consume(gate, 1));
        TestTasks.produce(partition, ChannelSelectors.roundRobin(), 0, records, 100, i -> i % 7);
        assertThat(consumed.get(60, TimeUnit.SECONDS)[0]).isEqualTo(records);
    }

    private SingleInputGate localGate(String name, int producers, int subpartition) throws IOException {
        SingleInputGate gate = new SingleInputGate(name, producers, null, () -> { });
        for (int p = 0; p < producers; p++) {
            ResultPartitionId id = new ResultPartitionId(job, 0, 0, p, 0);
            gate.setChannel(p, new LocalInputChannel(gate, p, id, subpartition, manager, Duration.ofSeconds(10), SELF));
        }
        gate.requestPartitions();
        return gate;
    }

    private ResultPartition partition(int producer, int subpartitions) throws IOException {
        ResultPartitionId id = new ResultPartitionId(job, 0, 0, producer, 0);
        ResultPartition partition = new ResultPartition(id, "producer " + producer, subpartitions,
                global.createLocalPool(subpartitions * 2 + 8, "producer " + producer), manager::unregister);
        manager.register(partition);
        return partition;
    }

    /** An event type registered for this test. */
    static final class TestEvent implements io.eddy.runtime.io.network.event.RuntimeEvent {
        static final TestEvent INSTANCE = new TestEvent();

        static {
            io.eddy.runtime.io.network.event.EventSerializer.register(1000, TestEvent.class,
                    io.eddy.runtime.io.network.event.EventCodec.singleton(INSTANCE));
        }

        @Override
        public String toString() {
            return "TestEvent";
        }
    }

}
