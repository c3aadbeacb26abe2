package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.JobMetrics;
import io.eddy.master.embedded.LocalClusterConfig;
import io.eddy.master.embedded.LocalClusterExtension;
import io.eddy.runtime.io.network.NetworkMetrics;
import io.eddy.runtime.worker.Worker;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.testkit.results.Total;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

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

    /** In the test's {@link ResultDirectory}: the sinks' records, their total, and the mark that lets the sources end. */
    private static final String RECEIVED = "received";
    private static final String CONSUMED = "consumed";
    private static final String RELEASE = "release";

    @Test
    void aKeyedJobOnTwoWorkersUsesRemoteChannels(@TempDir Path dir) throws Exception {
        ResultDirectory run = ResultDirectory.create(dir);
        long total = (long) PER_SUBTASK * PARALLELISM;
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(PARALLELISM);
        keyedSums(env.addSource(new HoldingSource(run), Types.LONG)).map(new CountingLine(run)).returns(Types.STRING)
                .addSink(run.recordingSink(RECEIVED));

        JobGraph graph = env.getJobGraph("two workers");
        try (JobClient client = CLUSTER.submit(graph)) {
            run.awaitTotal(CONSUMED, total, Duration.ofSeconds(60));
            // the sources are still running: every worker runs tasks and the workers are connected
            for (Worker worker : CLUSTER.cluster().workers()) {
                NetworkMetrics metrics = worker.network().metrics();
                assertThat(worker.numberOfRunningTasks().get(10, TimeUnit.SECONDS)).as("tasks on %s", worker.id()).isPositive();
                assertThat(metrics.inboundConnections() + metrics.outboundConnections()).as("connections of %s", worker.id()).isPositive();
            }
            run.mark(RELEASE);
            client.getJobResult().get(60, TimeUnit.SECONDS);
        } finally {
            run.mark(RELEASE);
        }

        assertFinalSums(run.lines(RECEIVED).stream().map(l -> l.split(",")).map(f -> Tuple2.of(Long.parseLong(f[0]), Long.parseLong(f[1]))).toList());

        // The tasks' final samples: the hash exchange (vertex 0 to 1) crossed workers in serialized buffers.
        JobMetrics metrics = CLUSTER.cluster().master().metrics().get(10, TimeUnit.SECONDS).jobs().stream()
                .filter(j -> j.job().equals(graph.jobId())).findFirst().orElseThrow();
        long bytesOut = metrics.subtasks().stream().filter(s -> s.vertex() == 0).mapToLong(JobMetrics.Subtask::bytesOut).sum();
        long bytesIn = metrics.subtasks().stream().filter(s -> s.vertex() == 1).mapToLong(JobMetrics.Subtask::bytesIn).sum();
        assertThat(bytesOut).as("bytes the sources' chains wrote to network buffers").isPositive();
        assertThat(bytesIn).as("every byte written was read by the keyed sums").isEqualTo(bytesOut);
        assertThat(metrics.subtasks().stream().filter(s -> s.vertex() == 1).mapToLong(JobMetrics.Subtask::bytesOut).sum())
                .as("the sinks are chained: nothing leaves the last vertex").isZero();
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

    /** Like generateSequence(1, PER_SUBTASK * parallelism), then holds until the test leaves the mark {@value #RELEASE} (or it is cancelled). */
    static final class HoldingSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        private volatile boolean running = true;

        HoldingSource(ResultDirectory run) {
            this.run = run;
        }

        @Override
        public void run(SourceContext<Long> ctx) throws InterruptedException {
            long first = (long) getRuntimeContext().getIndexOfThisSubtask() * PER_SUBTASK + 1;
            for (long v = first; v < first + PER_SUBTASK && running; v++) {
                ctx.collect(v);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            synchronized (this) {
                while (running && !run.marked(RELEASE)) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("the test did not release the source within 60 s");
                    }
                    wait(20); // woken by cancel(); the release mark is a file, looked at every 20 ms
                }
            }
        }

        @Override
        public void cancel() {
            running = false;
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** {@code key,sum} per record, counted in the total {@value #CONSUMED}. */
    static final class CountingLine implements MapFunction<Tuple2<Long, Long>, String> {
        private static final long serialVersionUID = 1L;
        private final Total consumed;

        CountingLine(ResultDirectory run) {
            this.consumed = run.total(CONSUMED);
        }

        @Override
        public String map(Tuple2<Long, Long> value) {
            consumed.increment();
            return value.f0 + "," + value.f1;
        }
    }
}
