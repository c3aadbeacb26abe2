package io.eddy.runtime.io.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.ResultPartitionType;
import io.eddy.runtime.io.network.testutils.TestTasks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blocking partitions read over TCP: two producers in worker 0 write spilled blocking partitions
 * and finish with nobody reading; then consumers in worker 1 (remote channels, one exclusive buffer
 * of credit each) and in worker 0 (local channels) read them, each subpartition twice.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingExchangeITCase {

    private static final int PRODUCERS = 2;
    private static final int CONSUMERS = 2;
    private static final int RECORDS = 30_000;

    @TempDir
    Path spillDirectory;

    private final JobId job = JobId.generate();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final NetworkEnvironment[] workers = new NetworkEnvironment[2];

    @AfterEach
    void stop() {
        threads.shutdownNow();
        for (NetworkEnvironment worker : workers) {
            if (worker != null) {
                worker.close();
            }
        }
    }

    @Test
    void finishedBlockingPartitionsAreServedToRemoteAndLocalReadersAsOftenAsAsked() throws Exception {
        for (int w = 0; w < workers.length; w++) {
            workers[w] = NetworkEnvironment.start(NetworkConfig.builder()
                    .segmentSize(512)
                    .totalBuffers(64)
                    .exclusiveBuffersPerChannel(1)
                    .floatingBuffersPerGate(1)
                    .blockingPartitionMemory(16 * 1024)
                    .spillDirectory(spillDirectory)
                    .partitionRequestTimeout(Duration.ofSeconds(2))
                    .build());
        }
        List<ResultPartition> partitions = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            ResultPartition partition = workers[0].createResultPartition(id(p), CONSUMERS, "producer " + p, ResultPartitionType.BLOCKING);
            partitions.add(partition);
            TestTasks.produce(partition, ChannelSelectors.roundRobin(), p, RECORDS, -1, i -> i % 40);
        }
        assertThat(partitions).allSatisfy(p -> assertThat(p.spilledBytes()).isPositive());
        assertThat(workers[0].metrics().availableBuffers()).as("finished blocking partitions hold no network buffers").isEqualTo(64);

        for (int round = 0; round < 2; round++) {
            List<Future<long[]>> consumed = new ArrayList<>();
            for (int c = 0; c < CONSUMERS; c++) {
                NetworkEnvironment reader = workers[(c + round) % 2];
                var gate = reader.createInputGate("consumer " + c + " round " + round, channels(c));
                consumed.add(threads.submit(() -> TestTasks.consume(gate, PRODUCERS)));
            }
            long[] total = new long[PRODUCERS];
            for (Future<long[]> future : consumed) {
                long[] counts = future.get(30, TimeUnit.SECONDS);
                for (int p = 0; p < PRODUCERS; p++) {
                    total[p] += counts[p];
                }
            }
            assertThat(total).as("round %d", round).containsOnly(RECORDS);
        }

        assertThat(workers[0].metrics().registeredPartitions()).isEqualTo(PRODUCERS);
        workers[0].releasePartitionsOf(job);
        assertThat(workers[0].metrics().registeredPartitions()).isZero();
        try (Stream<Path> files = Files.list(spillDirectory)) {
            assertThat(files).as("spill files are deleted when the job's partitions are released").isEmpty();
        }
        var late = workers[1].createInputGate("late consumer", channels(0));
        assertThatThrownBy(() -> TestTasks.consume(late, PRODUCERS)).hasMessageContaining("not registered");
    }

    private List<InputChannelSpec> channels(int consumer) {
        List<InputChannelSpec> specs = new ArrayList<>();
        for (int p = 0; p < PRODUCERS; p++) {
            specs.add(new InputChannelSpec(id(p), consumer, workers[0].dataAddress()));
        }
        return specs;
    }

    private ResultPartitionId id(int producer) {
        return new ResultPartitionId(job, 0, 0, producer, 0);
    }
}
