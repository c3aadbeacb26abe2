package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.master.CollectBuffer;
import io.eddy.master.MasterConfig;
import io.eddy.runtime.cluster.JobStatus;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Jobs on a local cluster of two workers with two slots each (lanes spread, so channels between workers are remote). */
@Timeout(120)
class LocalClusterITCase {

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder()
            .workers(2).slotsPerWorker(2)
            .master(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofMillis(500)).withCancelTimeout(Duration.ofSeconds(5)))
            .build());

    @Test
    void keyedSumOverRemoteChannelsIsExactAndAccumulatorsAreMerged() throws Exception {
        long n = 20_000;
        long keys = 7;
        JobClient client = CLUSTER.submit(TestJobs.keyedSum(2, n, keys));
        List<Tuple2<Long, Long>> records = TestJobs.readAll(client.openCollectStream(TestJobs.COLLECT_ID));
        JobExecutionResult result = client.getJobResult().get(60, TimeUnit.SECONDS);

        assertThat(records).hasSize((int) (2 * n));
        assertThat(finalSums(records)).isEqualTo(expectedSums(2 * n, keys));
        assertThat(result.<Long>getAccumulatorResult("emitted")).isEqualTo(2 * n);
    }

    @Test
    void aFailingUserFunctionFailsTheJobNamingOperatorSubtaskAndWorker() throws Exception {
        JobClient client = CLUSTER.submit(TestJobs.failingMap(2, 1_000, 1_500));

        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown).isInstanceOf(ExecutionException.class).cause().isInstanceOf(JobExecutionException.class);
        JobExecutionException failure = (JobExecutionException) thrown.getCause();
        assertThat(failure.getMessage())
                .contains("Failing Map")
                .contains("(2/2)")
                .containsPattern("on worker-[12] \\(127\\.0\\.0\\.1\\)");
        assertThat(rootCause(failure)).hasMessageContaining("boom at 1500");
    }

    @Test
    void aJobThatNeedsMoreSlotsThanTheClusterHasFailsClearly() throws Exception {
        JobClient client = CLUSTER.submit(TestJobs.keyedSum(5, 10, 2));

        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown.getCause()).isInstanceOf(JobExecutionException.class).hasMessageContaining(
                "Job needs 5 slots but the cluster has 4 (2 workers x 2 slots): start more workers or lower the parallelism");
    }

    @Test
    void cancellingARunningEndlessJobEndsItPromptly() throws Exception {
        JobClient client = CLUSTER.submit(TestJobs.endless(2));
        CollectStream stream = client.openCollectStream(TestJobs.COLLECT_ID);
        assertThat(stream.nextBatch()).isNotEmpty();

        long start = System.nanoTime();
        client.cancel();
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));

        assertThat(thrown.getCause()).isInstanceOf(JobExecutionException.class).hasMessageContaining("was cancelled")
                .hasCauseInstanceOf(CancellationException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(CLUSTER.cluster().master().jobTermination(client.getJobId()).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
        assertThat(CLUSTER.cluster().master().slotReport().get(10, TimeUnit.SECONDS)).containsExactly(2, 4, 4);
        for (var worker : CLUSTER.cluster().workers()) {
            // A task tells the master it ended before its termination future completes, and its
            // worker drops it only then (on the worker's main thread): the master may report the job
            // cancelled a moment before every worker's count is down to zero.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            int running;
            while ((running = worker.numberOfRunningTasks().get(10, TimeUnit.SECONDS)) > 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(running).as("tasks still running on a worker 10 s after the job was cancelled").isZero();
        }
    }

    @Test
    void aSlowCollectReaderKeepsTheClientQueueBounded() throws Exception {
        JobClient client = CLUSTER.submit(TestJobs.endless(2));
        CollectStream stream = client.openCollectStream(TestJobs.COLLECT_ID);
        int capacity = CLUSTER.cluster().config().collectQueueCapacity();

        for (int i = 0; i < 5 * capacity; i++) {
            Thread.sleep(5); // a slow reader: the sinks must wait for it instead of piling batches up
            assertThat(stream.nextBatch()).isNotNull();
            if (i == capacity) {
                // the sinks have had time to fill the queue while we read: it must not have grown past the bound
                assertThat(((CollectBuffer) stream).highWatermark()).isLessThanOrEqualTo(capacity + 2);
            }
        }
        stream.close();

        assertThat(((CollectBuffer) stream).highWatermark()).isBetween(1, capacity + 2);
        Throwable thrown = catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));
        assertThat(thrown.getCause()).hasMessageContaining("was cancelled");
    }

    private static Map<Long, Long> finalSums(List<Tuple2<Long, Long>> rolling) {
        Map<Long, Long> sums = new HashMap<>();
        for (Tuple2<Long, Long> t : rolling) {
            sums.merge(t.f0, t.f1, Math::max);
        }
        return sums;
    }

    private static Map<Long, Long> expectedSums(long count, long keys) {
        Map<Long, Long> sums = new HashMap<>();
        for (long v = 0; v < count; v++) {
            sums.merge(v % keys, v, Long::sum);
        }
        return sums;
    }

    private static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }
}
