package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.runtime.cluster.WorkerId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One worker with two slots: all channels are local. A fresh cluster per test. */
@Timeout(120)
class SingleWorkerITCase {

    @RegisterExtension
    final LocalClusterExtension cluster = new LocalClusterExtension(LocalClusterConfig.builder().workers(1).slotsPerWorker(2).build());

    @Test
    void keyedSumOverLocalChannelsIsExact() throws Exception {
        JobClient client = cluster.submit(TestJobs.keyedSum(2, 5_000, 3));
        List<Tuple2<Long, Long>> records = TestJobs.readAll(client.openCollectStream(TestJobs.COLLECT_ID));
        JobExecutionResult result = client.getJobResult().get(60, TimeUnit.SECONDS);

        Map<Long, Long> last = new HashMap<>();
        records.forEach(t -> last.merge(t.f0, t.f1, Math::max));
        Map<Long, Long> expected = new HashMap<>();
        for (long v = 0; v < 10_000; v++) {
            expected.merge(v % 3, v, Long::sum);
        }
        assertThat(records).hasSize(10_000);
        assertThat(last).isEqualTo(expected);
        assertThat(result.<Long>getAccumulatorResult("emitted")).isEqualTo(10_000L);
        // The master releases the job on its workers after it completed the client's result: wait for it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        int prepared = cluster.cluster().workers().get(0).numberOfPreparedJobs().get(10, TimeUnit.SECONDS);
        while (prepared != 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            prepared = cluster.cluster().workers().get(0).numberOfPreparedJobs().get(10, TimeUnit.SECONDS);
        }
        assertThat(prepared).as("jobs still prepared on the worker 10 s after the job's result").isZero();
    }

    @Test
    void losingTheWorkerFailsTheRunningJobNamingTheWorker() throws Exception {
        JobClient client = cluster.submit(TestJobs.endless(2));
        assertThat(client.openCollectStream(TestJobs.COLLECT_ID).nextBatch()).isNotEmpty();

        cluster.cluster().loseWorker(new WorkerId("worker-1"), "connection closed");

        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> client.getJobResult().get(30, TimeUnit.SECONDS));
        assertThat(thrown.getCause()).hasMessageContaining("worker-1 (127.0.0.1, pid " + ProcessHandle.current().pid()
                + ") was lost: connection closed");
    }
}
