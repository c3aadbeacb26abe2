package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.io.network.NetworkMetrics;
import io.eddy.runtime.worker.Worker;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A keyed job on a {@link io.eddy.master.embedded.LocalCluster} of two workers, so that part of the
 * hash exchange goes through remote channels over loopback TCP; while the job runs, the workers'
 * task counts and network figures show that both workers and the remote path were used. {@link
 * EmbeddedWorkersITCase} runs the same job with the executor option instead.
 */
@Timeout(90)
class MultiWorkerITCase {

    static final int KEYS = 101;
    static final int PER_SUBTASK = 5_000;
    static final int PARALLELISM = 4;

    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(2).build());

    /** Per test run: the records the sinks got, a latch counted down per record, and the latch that lets the sources end. */
    private static final Map<String, Queue<Tuple2<Long, Long>>> RECEIVED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> CONSUMED = new ConcurrentHashMap<>();
    private static final Map<String, CountDownLatch> RELEASE = new ConcurrentHashMap<>();

    @Test
    void aKeyedJobOnTwoWorkersUsesRemoteChannels() throws Exception {
        String run = UUID.randomUUID().toString();
        long total = (long) PER_SUBTASK * PARALLELISM;
        RECEIVED.put(run, new ConcurrentLinkedQueue<>());
        CONSUMED.put(run, new CountDownLatch((int) total));
        RELEASE.put(run, new CountDownLatch(1));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(PARALLELISM);
        keyedSums(env.addSource(new HoldingSource(run), Types.LONG)).addSink(new QueueSink(run));

        try (JobClient client = CLUSTER.submit(env.getJobGraph("two workers"))) {
            assertThat(CONSUMED.get(run).await(60, TimeUnit.SECONDS)).as("all records reached the sinks").isTrue();
            // the sources are still running: every worker runs tasks and the workers are connected
            for (Worker worker : CLUSTER.cluster().workers()) {
                NetworkMetrics metrics = worker.network().metrics();
                assertThat(worker.numberOfRunningTasks().get(10, TimeUnit.SECONDS)).as("tasks on %s", worker.id()).isPositive();
                assertThat(metrics.inboundConnections() + metrics.outboundConnections()).as("connections of %s", worker.id()).isPositive();
            }
            RELEASE.get(run).countDown();
            client.getJobResult().get(60, TimeUnit.SECONDS);
        } finally {
            RELEASE.get(run).countDown();
        }

        assertFinalSums(List.copyOf(RECEIVED.get(run)));
    }

    /** (v % KEYS, v) keyed by position 0, rolling sum of field 1. */
    static DataStream<Tuple2<Long, Long>> keyedSums(DataStream<Long> numbers) {
        return numbers.map((MapFunction<Long, Tuple2<Long, Long>>) v -> Tuple2.of(v % KEYS, v))
                .returns(new TypeHint<Tuple2<Long, Long>>() {})
                .keyBy(0)
                .sum(1);
    }

    static void assertFinalSums(List<Tuple2<Long, Long>> rolling) {
        long total = (long) PER_SUBTASK * PARALLELISM;
        Map<Long, Long> expected = new TreeMap<>();
        for (long v = 1; v <= total; v++) {
            expected.merge(v % KEYS, v, Long::sum);
        }
        assertThat(rolling).hasSize((int) total);
        Map<Long, Long> last = rolling.stream().collect(Collectors.toMap(t -> t.f0, t -> t.f1, Long::max, TreeMap::new));
        assertThat(last).isEqualTo(expected);
    }

    /** Like generateSequence(1, PER_SUBTASK * parallelism), then waits until its run's release latch opens (or it is cancelled). */
    static final class HoldingSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final String run;
        private volatile boolean running = true;

        HoldingSource(String run) {
            this.run = run;
        }

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            long first = (long) getRuntimeContext().getIndexOfThisSubtask() * PER_SUBTASK + 1;
            for (long v = first; v < first + PER_SUBTASK && running; v++) {
                ctx.collect(v);
            }
            if (running && !RELEASE.get(run).await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test did not release the source within 60 s");
            }
        }

        @Override
        public void cancel() {
            running = false;
            RELEASE.get(run).countDown();
        }
    }

    /** Adds records to its run's queue in {@link #RECEIVED} and counts them down on {@link #CONSUMED}. */
    static final class QueueSink implements SinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final String run;

        QueueSink(String run) {
            this.run = run;
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            RECEIVED.get(run).add(value);
            CONSUMED.get(run).countDown();
        }
    }
}
