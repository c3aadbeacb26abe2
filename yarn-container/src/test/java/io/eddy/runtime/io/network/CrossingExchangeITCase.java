package io.eddy.runtime.io.network;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import io.eddy.runtime.io.network.testutils.TestTasks;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A keyed exchange crossing two workers, as a job with parallelism 2 on 2 workers x 1 slot deploys
 * it: in each worker one producer writes two subpartitions, one read by the consumer of the same
 * worker (local channel) and one by the consumer of the other worker (remote channel). Each
 * consumer thus reads one local and one remote channel. Pools are small and producers fast, so
 * every producer runs out of buffers again and again; the exchange must still complete.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrossingExchangeITCase {

    private static final int WORKERS = 2;

    private final JobId job = JobId.generate();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final NetworkEnvironment[] workers = new NetworkEnvironment[WORKERS];

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
    void crossingExchangeWithTinyPoolsCompletes() throws Exception {
        start(NetworkConfig.builder()
                .segmentSize(256)
                .totalBuffers(64)
                .exclusiveBuffersPerChannel(1)
                .floatingBuffersPerGate(1)
                .buffersPerSubpartition(1)
                .extraBuffersPerPartition(0));
        runCrossingExchange(150_000, -1);
    }

    @Test
    void crossingExchangeWithDefaultPoolsAndOutputFlusherCompletes() throws Exception {
        start(NetworkConfig.builder().segmentSize(4 * 1024).totalBuffers(256));
        runCrossingExchange(1_000_000, 5);
    }

    @Test
    void crossingExchangeFlushingEveryRecordCompletes() throws Exception {
        start(NetworkConfig.builder().segmentSize(1024).totalBuffers(128).buffersPerSubpartition(1).extraBuffersPerPartition(1));
        runCrossingExchange(200_000, 0);
    }

    private void start(NetworkConfig.Builder config) throws IOException {
        for (int w = 0; w < WORKERS; w++) {
            workers[w] = NetworkEnvironment.start(config.partitionRequestTimeout(Duration.ofSeconds(10)).build());
        }
    }

    /** Producer p and consumer c both run in worker p (resp. c); records are spread by a random selector. */
    private void runCrossingExchange(int perProducer, long bufferTimeout) throws Exception {
        List<Future<long[]>> consumed = new ArrayList<>();
        for (int c = 0; c < WORKERS; c++) {
            List<InputChannelSpec> specs = new ArrayList<>();
            for (int p = 0; p < WORKERS; p++) {
                specs.add(new InputChannelSpec(id(p), c, workers[p].dataAddress()));
            }
            InputGate gate = workers[c].createInputGate("consumer " + c, specs);
            consumed.add(threads.submit(() -> TestTasks.consume(gate, WORKERS)));
        }
        List<Future<?>> produced = new ArrayList<>();
        for (int p = 0; p < WORKERS; p++) {
            ResultPartition partition = workers[p].createResultPartition(id(p), WORKERS, "producer " + p);
            int producer = p;
            produced.add(threads.submit(() -> {
                TestTasks.produce(partition, ChannelSelectors.shuffle(42 + producer), producer, perProducer, bufferTimeout, i -> i % 13);
                return null;
            }));
        }
        // Consumers first: after a stall they fail within TestTasks.consume's 30 s wait for data,
        // while the producers would stay blocked on buffers.
        long total = 0;
        for (Future<long[]> future : consumed) {
            for (long count : future.get(90, TimeUnit.SECONDS)) {
                total += count;
            }
        }
        for (Future<?> future : produced) {
            future.get(10, TimeUnit.SECONDS);
        }
        assertThat(total).isEqualTo((long) WORKERS * perProducer);
        for (NetworkEnvironment worker : workers) {
            assertThat(worker.bufferPool().awaitAvailable(worker.metrics().totalBuffers(), 10, TimeUnit.SECONDS))
                    .as("all buffers of the worker at %s returned", worker.dataAddress())
                    .isTrue();
        }
    }

    private ResultPartitionId id(int producer) {
        return new ResultPartitionId(job, 0, 0, producer, 0);
    }
}
