package io.eddy.benchmarks;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The latency job: a throttled parallel source of {@link Ping}s stamped with {@code
 * System.nanoTime()}, keyed by a key that sends about half of them to the other subtask (so across
 * workers when each worker has one slot), and a sink that records {@code nanoTime - sent} in an
 * HdrHistogram. The pings of the first second are a warm-up and not recorded (keys count up from
 * 0 at the start, so a key below the rate marks one). Source and sink must run on one machine
 * (their nano clocks are compared).
 */
public final class LatencyJob {

    /** The accumulator holding the merged histogram. */
    static final String LATENCY = "latency-nanos";

    private LatencyJob() {}

    /** Runs the job and returns the merged latency histogram, in nanoseconds. */
    static Histogram run(StreamExecutionEnvironment env, int recordsPerSecond, double seconds) throws Exception {
        env.addSource(new PacedSource(recordsPerSecond, seconds), "paced pings")
                .keyBy(Ping::key)
                .addSink(new LatencySink(recordsPerSecond))
                .name("latency recorder");
        JobExecutionResult result = env.execute("Latency (" + recordsPerSecond + " records/s, buffer timeout " + env.getBufferTimeout() + " ms)");
        Histogram histogram = result.getAccumulatorResult(LATENCY);
        if (histogram == null) {
            throw new IllegalStateException("Bug: the job finished without the accumulator " + LATENCY);
        }
        return histogram;
    }

    /**
     * Emits its share of {@code recordsPerSecond} pings per second for {@code seconds}, each at its
     * scheduled time (waiting with {@code parkNanos} until then), keys counting up.
     * Threads: {@link #run} on the task thread, {@link #cancel} on another.
     */
    static final class PacedSource extends RichParallelSourceFunction<Ping> {

        private static final long serialVersionUID = 1L;

        private final int recordsPerSecond;
        private final double seconds;
        private volatile boolean running = true;

        PacedSource(int recordsPerSecond, double seconds) {
            this.recordsPerSecond = recordsPerSecond;
            this.seconds = seconds;
        }

        @Override
        public void run(SourceContext<Ping> ctx) {
            int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
            int subtask = getRuntimeContext().getIndexOfThisSubtask();
            long intervalNanos = 1_000_000_000L * parallelism / recordsPerSecond;
            long count = (long) (recordsPerSecond * seconds) / parallelism;
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

    /** Records each ping's latency in the accumulator {@value LatencyJob#LATENCY}. Runs on its task thread. */
    static final class LatencySink extends RichSinkFunction<Ping> {

        private static final long serialVersionUID = 1L;

        /** Pings with a smaller key were sent in the first second (warm-up) and are not recorded. */
        private final long warmupKeys;

        private transient HistogramAccumulator latencies;

        LatencySink(long warmupKeys) {
            this.warmupKeys = warmupKeys;
        }

        @Override
        public void open() {
            latencies = new HistogramAccumulator();
            getRuntimeContext().addAccumulator(LATENCY, latencies);
        }

        @Override
        public void invoke(Ping ping) {
            if (ping.key() >= warmupKeys) {
                latencies.record(System.nanoTime() - ping.sentNanos());
            }
        }
    }
}
