package io.eddy.runtime.io.network.partition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.partition.consumer.LocalInputChannel;
import io.eddy.runtime.io.network.partition.consumer.SingleInputGate;
import io.eddy.runtime.io.network.testutils.TestRecord;
import io.eddy.runtime.io.network.testutils.TestRecordSerializer;
import io.eddy.runtime.io.network.testutils.TestTasks;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Blocking result partitions: memory then spill file, read back in order, by many readers, until released. */
class BlockingPartitionTest {

    private static final InetSocketAddress SELF = new InetSocketAddress("127.0.0.1", 1);
    private static final int MEMORY_BOUND = 8 * 1024;

    @TempDir
    Path spillDirectory;

    private final JobId job = JobId.generate();
    private final ResultPartitionManager manager = new ResultPartitionManager();
    private final NetworkBufferPool global = new NetworkBufferPool(64, 1024, false);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
        manager.releaseAll();
        global.close();
    }

    @Test
    void theExchangeModeChoosesThePartitionType() {
        assertThat(ResultPartitionType.forExchangeMode(ExchangeMode.BLOCKING)).isEqualTo(ResultPartitionType.BLOCKING);
        assertThat(ResultPartitionType.forExchangeMode(ExchangeMode.PIPELINED)).isEqualTo(ResultPartitionType.PIPELINED);
    }

    @Test
    void dataBeyondTheMemoryBoundIsSpilledAndEverySubpartitionReadsBackInOrder() throws Exception {
        int subpartitions = 3;
        int records = 20_000;
        ResultPartition partition = blockingPartition(0, subpartitions, MEMORY_BOUND);
        // no reader runs while the producer writes: a blocking partition must not need one (no back pressure)
        TestTasks.produce(partition, ChannelSelectors.roundRobin(), 0, records, -1, i -> i % 50);

        assertThat(partition.bytesInMemory()).isPositive().isLessThanOrEqualTo(MEMORY_BOUND);
        assertThat(partition.spilledBytes()).isGreaterThan(10L * MEMORY_BOUND);
        assertThat(spillFiles()).hasSize(1);
        assertThat(global.availableSegments()).as("no network buffer is held by a finished blocking partition").isEqualTo(64);

        long total = 0;
        for (int s = 0; s < subpartitions; s++) {
            total += TestTasks.consume(gate("reader of " + s, 1, s), 1)[0];
        }
        assertThat(total).isEqualTo(records);
    }

    @Test
    void twoReadersAtOnceAndAThirdAfterwardsEachReadEverything() throws Exception {
        ResultPartition partition = blockingPartition(0, 1, MEMORY_BOUND);
        TestTasks.produce(partition, ChannelSelectors.forward(), 0, 10_000, -1, i -> i % 30);

        Future<long[]> first = threads.submit(() -> TestTasks.consume(gate("first", 1, 0), 1));
        Future<long[]> second = threads.submit(() -> TestTasks.consume(gate("second", 1, 0), 1));
        assertThat(first.get(30, TimeUnit.SECONDS)).containsExactly(10_000);
        assertThat(second.get(30, TimeUnit.SECONDS)).containsExactly(10_000);
        assertThat(TestTasks.consume(gate("third", 1, 0), 1)).containsExactly(10_000);
        assertThat(manager.numberOfPartitions()).as("a consumed blocking partition stays registered").isEqualTo(1);
    }

    @Test
    void aReaderCreatedBeforeTheProducerFinishedSeesNothingUntilThenAndIsToldWhenItCanRead() throws Exception {
        ResultPartition partition = blockingPartition(0, 1, MEMORY_BOUND);
        CountDownLatch told = new CountDownLatch(1);
        SubpartitionView view = partition.createSubpartitionView(0, told::countDown);
        RecordWriter<TestRecord> writer = new RecordWriter<>(partition, ChannelSelectors.forward(), TestRecordSerializer.INSTANCE, 0);
        for (int i = 0; i < 1_000; i++) {
            writer.emit(TestRecord.of(0, i, 20));
        }
        writer.flushAll();
        assertThat(view.getNextBuffer()).as("nothing is readable before finish").isNull();
        assertThat(view.isAvailable()).isFalse();
        assertThat(told.getCount()).isEqualTo(1);

        writer.close();
        partition.finish();
        assertThat(told.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(view.isAvailable()).isTrue();
        assertThat(view.backlog()).isPositive();
        int buffers = 0;
        BufferAndBacklog next;
        while ((next = view.getNextBuffer()) != null) {
            buffers++;
            next.buffer().recycle();
        }
        assertThat(buffers).isGreaterThan(1);
        assertThat(view.isAvailable()).isFalse();
        view.release();
    }

    @Test
    void releaseDeletesTheSpillFileAndLaterReadsFailWithAClearError() throws Exception {
        ResultPartition partition = blockingPartition(0, 2, 0);
        TestTasks.produce(partition, ChannelSelectors.roundRobin(), 0, 2_000, -1, i -> 10);
        SubpartitionView view = partition.createSubpartitionView(1, () -> { });
        assertThat(spillFiles()).hasSize(1);

        partition.release();

        assertThat(spillFiles()).as("release deletes the spill file").isEmpty();
        assertThat(manager.numberOfPartitions()).isZero();
        assertThatThrownBy(view::getNextBuffer).isInstanceOf(IOException.class)
                .hasMessageContaining("was released").hasMessageContaining("cannot be read after that");
        assertThatThrownBy(() -> partition.createSubpartitionView(0, () -> { })).isInstanceOf(IOException.class)
                .hasMessageContaining("Subpartition 0 of blocking").hasMessageContaining("was released");
    }

    @Test
    void aProducerFailureReachesWaitingAndLaterReadersWithItsCause() throws Exception {
        ResultPartition partition = blockingPartition(0, 1, MEMORY_BOUND);
        CompletableFuture<long[]> waiting = CompletableFuture.supplyAsync(() -> consumeUnchecked("waiting"), threads);
        RecordWriter<TestRecord> writer = new RecordWriter<>(partition, ChannelSelectors.forward(), TestRecordSerializer.INSTANCE, -1);
        for (int i = 0; i < 500; i++) {
            writer.emit(TestRecord.of(0, i, 10));
        }
        writer.close();
        partition.fail(new IllegalStateException("user function broke"));

        assertThatThrownBy(() -> waiting.get(30, TimeUnit.SECONDS)).hasRootCauseMessage("user function broke")
                .hasStackTraceContaining("ProducerFailedException");
        SubpartitionView later = partition.createSubpartitionView(0, () -> { });
        assertThatThrownBy(later::getNextBuffer).isInstanceOf(ProducerFailedException.class)
                .hasMessageContaining("The producer of blocking").hasRootCauseMessage("user function broke");
    }

    @Test
    void everythingFitsInMemoryWithoutAFile() throws Exception {
        ResultPartition partition = blockingPartition(0, 2, 1024 * 1024);
        TestTasks.produce(partition, ChannelSelectors.roundRobin(), 0, 1_000, -1, i -> 10);
        assertThat(partition.spilledBytes()).isZero();
        assertThat(spillFiles()).isEmpty();
        assertThat(TestTasks.consume(gate("reader", 1, 1), 1)).containsExactly(500);
    }

    private long[] consumeUnchecked(String name) {
        try {
            return TestTasks.consume(gate(name, 1, 0), 1);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private ResultPartition blockingPartition(int producer, int subpartitions, long memoryBytes) throws IOException {
        ResultPartitionId id = new ResultPartitionId(job, 0, 0, producer, 0);
        ResultPartition partition = ResultPartition.blocking(id, "producer " + producer, subpartitions,
                global.createLocalPool(subpartitions + 2, "producer " + producer),
                new BlockingPartitionSettings(memoryBytes, spillDirectory), manager::unregister);
        manager.register(partition);
        assertThat(partition.type()).isEqualTo(ResultPartitionType.BLOCKING);
        return partition;
    }

    private SingleInputGate gate(String name, int producers, int subpartition) throws IOException {
        SingleInputGate gate = new SingleInputGate(name, producers, null, () -> { });
        for (int p = 0; p < producers; p++) {
            ResultPartitionId id = new ResultPartitionId(job, 0, 0, p, 0);
            gate.setChannel(p, new LocalInputChannel(gate, p, id, subpartition, manager, Duration.ofSeconds(10), SELF));
        }
        gate.requestPartitions();
        return gate;
    }

    private java.util.List<Path> spillFiles() throws IOException {
        try (Stream<Path> files = Files.list(spillDirectory)) {
            return files.toList();
        }
    }
}
