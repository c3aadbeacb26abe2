package io.eddy.benchmarks.flink;

import java.io.Serializable;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.Accumulator;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;
import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Flink peer of Eddy's latency benchmark: a paced parallel source of pings stamped with {@code
 * System.nanoTime()} → keyBy → a sink recording {@code nanoTime - sent} in an HdrHistogram, on a
 * MiniCluster with one TaskManager per subtask (so about half the pings cross Netty). The pings of
 * the first second are a warm-up and not recorded. Prints one {@code RESULT} line with p50, p99 and max.
 */
@Command(name = "flink-latency", mixinStandardHelpOptions = true, description = "Latency of one keyed exchange on Apache Flink.")
public final class FlinkLatencyBench implements Callable<Integer> {

    static final String LATENCY = "latency-nanos";

    @Option(names = "--buffer-timeout", defaultValue = "0", description = "Buffer timeout in ms (default: ${DEFAULT-VALUE}).")
    long bufferTimeout;

    @Option(names = "--rate", defaultValue = "10000", description = "Records per second in total (default: ${DEFAULT-VALUE}).")
    int rate;

    @Option(names = "--seconds", defaultValue = "5", description = "How long the source emits (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--parallelism", defaultValue = "2", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).")
    int parallelism;

    /** A probe: a key and the nanoTime at which it was sent. A public POJO for Flink's serializer. */
    public static final class Ping implements Serializable {
        private static final long serialVersionUID = 1L;
        public int key;
        public long sentNanos;

        public Ping() {}

        Ping(int key, long sentNanos) {
            this.key = key;
            this.sentNanos = sentNanos;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkLatencyBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.setBufferTimeout(bufferTimeout);
        env.addSource(new PacedSource(rate, seconds), "paced pings")
                .returns(Ping.class)
                .keyBy(p -> p.key)
                .addSink(new LatencySink(rate))
                .name("latency recorder");
        JobExecutionResult result = FlinkMiniClusters.run(env, FlinkMiniClusters.Shape.NETWORK, "latency");
        Histogram h = result.getAccumulatorResult(LATENCY);
        System.out.printf(Locale.ROOT,
                "RESULT name=latency-%dms system=flink rate=%d p50_ms=%.3f p99_ms=%.3f max_ms=%.3f records=%d buffer_timeout_ms=%d setup=minicluster-2-taskmanagers%n",
                bufferTimeout, rate, h.getValueAtPercentile(50) / 1e6, h.getValueAtPercentile(99) / 1e6, h.getMaxValue() / 1e6,
                h.getTotalCount(), bufferTimeout);
        return 0;
    }

    /** Emits its share of the pings, each at its scheduled time. Threads: run on the source thread, cancel on another. */
    static final class PacedSource extends RichParallelSourceFunction<Ping> {
        private static final long serialVersionUID = 1L;
        private final int rate;
        private final double seconds;
        private volatile boolean running = true;

        PacedSource(int rate, double seconds) {
            this.rate = rate;
            this.seconds = seconds;
        }

        @Override
        public void run(SourceContext<Ping> ctx) {
            int parallelism = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            long intervalNanos = 1_000_000_000L * parallelism / rate;
            long count = (long) (rate * seconds) / parallelism;
            long start = System.nanoTime();
            for (long i = 0; i < count && running; i++) {
                long due = start + i * intervalNanos;
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait); // may return early: wait again for the rest
                }
                ctx.collect(new Ping((int) (i * parallelism + subtask), System.nanoTime()));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Records each ping's latency. Runs on its task thread. */
    static final class LatencySink extends RichSinkFunction<Ping> {
        private static final long serialVersionUID = 1L;
        /** Pings with a smaller key were sent in the first second (warm-up) and are not recorded. */
        private final long warmupKeys;
        private transient HistogramAccumulator latencies;

        LatencySink(long warmupKeys) {
            this.warmupKeys = warmupKeys;
        }

        @Override
        public void open(OpenContext openContext) {
            latencies = new HistogramAccumulator(new Histogram(60_000_000_000L, 3));
            getRuntimeContext().addAccumulator(LATENCY, latencies);
        }

        @Override
        public void invoke(Ping ping, Context context) {
            if (ping.key >= warmupKeys) {
                latencies.add(System.nanoTime() - ping.sentNanos);
            }
        }
    }

    /** Latencies in nanoseconds in an HdrHistogram; merged by adding histograms. */
    static final class HistogramAccumulator implements Accumulator<Long, Histogram> {
        private static final long serialVersionUID = 1L;
        private final Histogram histogram;

        HistogramAccumulator(Histogram histogram) {
            this.histogram = histogram;
        }

        @Override
        public void add(Long nanos) {
            histogram.recordValue(Math.max(0, Math.min(nanos, histogram.getHighestTrackableValue())));
        }

        @Override
        public Histogram getLocalValue() {
            return histogram;
        }

        @Override
        public void resetLocal() {
            histogram.reset();
        }

        @Override
        public void merge(Accumulator<Long, Histogram> other) {
            histogram.add(other.getLocalValue());
        }

        @Override
        public HistogramAccumulator clone() {
            return new HistogramAccumulator(histogram.copy());
        }
    }
}
