package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A worker process dies while a job runs: the job fails promptly naming it, and the master keeps serving. */
@Timeout(120)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkerLossITCase {

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);

    @Test
    @Order(1)
    void killedWorkerFailsTheRunningJobAndTheNextJobRunsOnTheRemainingWorker() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        CloseableIterator<Long> it = env.addSource(new TestJobs.EndlessSource()).keyBy(new TestJobs.ModKey(16)).map(new TestJobs.Identity()).executeAndCollect("endless");
        try (it) {
            assertThat(it.hasNext()).as("the job produces records").isTrue();
            it.next();

            long killedAt = System.nanoTime();
            CLUSTER.worker("worker-2").process().destroyForcibly();
            Throwable failure = CompletableFuture.supplyAsync(() -> {
                try {
                    while (it.hasNext()) {
                        it.next();
                    }
                    return null;
                } catch (RuntimeException e) {
                    return (Throwable) e;
                }
            }).get(30, TimeUnit.SECONDS);
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killedAt);

            assertThat(failure).as("the job fails when a worker dies").isNotNull();
            assertThat(fullMessage(failure)).contains("worker-2").containsIgnoringCase("lost");
            assertThat(seconds).as("seconds from the kill to the failure").isLessThanOrEqualTo(10);
        }

        assertThat(CLUSTER.master().process().isAlive()).isTrue();
        StreamExecutionEnvironment next = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        next.setParallelism(1);
        List<Tuple2<Long, Long>> rolling = new ArrayList<>();
        try (CloseableIterator<Tuple2<Long, Long>> counts = TestJobs.keyedCounts(next, 1_000, 3).executeAndCollect("after the loss")) {
            counts.forEachRemaining(rolling::add);
        }
        assertThat(TestJobs.finalCounts(rolling)).isEqualTo(TestJobs.expectedCounts(1_000, 3));
    }

    /** Runs last: it takes the master away. */
    @Test
    @Order(2)
    void workersExitWhenTheMasterDies() throws Exception {
        Process worker = CLUSTER.worker("worker-1").process();
        assertThat(worker.isAlive()).isTrue();
        CLUSTER.master().process().destroyForcibly();
        assertThat(worker.waitFor(30, TimeUnit.SECONDS)).as("worker-1 exits after the master died").isTrue();
        assertThat(worker.exitValue()).isEqualTo(1);
        assertThat(CLUSTER.worker("worker-1").outputTail(20)).contains("the connection to the master");
    }

    private static String fullMessage(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c).append(" / ");
        }
        return sb.toString();
    }
}
