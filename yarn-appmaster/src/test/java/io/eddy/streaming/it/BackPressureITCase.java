package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fast source feeding a slow sink through a network exchange: the source can get ahead of the
 * sink only by what the bounded network buffers hold, and the job still completes. With two
 * workers part of the exchange runs over remote channels with credit-based flow control.
 *
 * <p>The bound: each of the {@value #PARALLELISM} source subtasks writes into a result partition of
 * at most {@code partitionPoolSize(PARALLELISM)} buffers; each sink's input gate may hold its
 * channels' exclusive buffers plus the gate's floating ones (remote) — about 24 + 24 buffers with
 * the default {@link NetworkConfig}; a local object channel holds a few batches of about a buffer's
 * worth of records each. Records of ~8 KB fill a 32 KiB buffer with four, so anything
 * near the {@value #RECORDS_PER_SUBTASK} records per source would mean the sources were not held back.
 */
@Timeout(60)
class BackPressureITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    private static final Logger LOG = LoggerFactory.getLogger(BackPressureITCase.class);
    private static final int PARALLELISM = 2;
    private static final int RECORDS_PER_SUBTASK = 1_500;
    private static final int RECORD_CHARS = 8_000;

    /** Per test run: records emitted by the sources, records consumed by the sinks, and the largest difference the sources saw. */
    private static final Map<String, AtomicLong> EMITTED = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> CONSUMED = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> MAX_LEAD = new ConcurrentHashMap<>();

    @ParameterizedTest(name = "{0} worker(s)")
    @ValueSource(ints = {1, 2})
    void aSlowSinkHoldsTheSourceBackByABoundedAmount(int workers) throws Exception {
        String run = UUID.randomUUID().toString();
        EMITTED.put(run, new AtomicLong());
        CONSUMED.put(run, new AtomicLong());
        MAX_LEAD.put(run, new AtomicLong());
        Configuration conf = new Configuration().set(ExecutionOptions.EMBEDDED_WORKERS, workers);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf).setParallelism(PARALLELISM);
        env.addSource(new FastSource(run), Types.STRING).rebalance().addSink(new SlowSink(run)).name("Slow Sink");

        env.execute("back pressure");

        NetworkConfig network = NetworkConfig.defaults();
        int recordsPerBuffer = network.segmentSize() / RECORD_CHARS + 1;
        long buffersInFlight = PARALLELISM * (long) network.partitionPoolSize(PARALLELISM)
                + PARALLELISM * (long) (PARALLELISM * network.exclusiveBuffersPerChannel() + network.floatingBuffersPerGate());
        // Channels to a consumer in the same worker hand records over as objects: batches of about one buffer's worth.
        long objectRecordsInFlight = (long) PARALLELISM * PARALLELISM * network.objectBatchesPerChannel()
                * Math.max(1, network.segmentSize() / RECORD_CHARS);
        long bound = buffersInFlight * recordsPerBuffer + objectRecordsInFlight + 2L * PARALLELISM;
        LOG.info("{} worker(s): the sources got at most {} records ahead of the sinks (bound {})", workers, MAX_LEAD.get(run).get(), bound);
        assertThat(EMITTED.get(run)).hasValue((long) RECORDS_PER_SUBTASK * PARALLELISM);
        assertThat(CONSUMED.get(run)).hasValue((long) RECORDS_PER_SUBTASK * PARALLELISM);
        assertThat(MAX_LEAD.get(run).get()).as("how far the sources got ahead of the sinks (bound %d)", bound)
                .isLessThanOrEqualTo(bound)
                .isGreaterThan(PARALLELISM * 4L);
    }

    /** Emits records of ~8 KB as fast as the network takes them, recording how far ahead of the sinks it is. */
    static final class FastSource extends RichParallelSourceFunction<String> {
        private static final long serialVersionUID = 1L;
        private final String run;
        private volatile boolean running = true;

        FastSource(String run) {
            this.run = run;
        }

        @Override
        public void run(SourceContext<String> ctx) {
            String padding = "x".repeat(RECORD_CHARS);
            for (int i = 0; i < RECORDS_PER_SUBTASK && running; i++) {
                long lead = EMITTED.get(run).incrementAndGet() - CONSUMED.get(run).get();
                MAX_LEAD.get(run).accumulateAndGet(lead, Math::max);
                ctx.collect(i + padding);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Consumes about one record per millisecond. */
    static final class SlowSink implements SinkFunction<String> {
        private static final long serialVersionUID = 1L;
        private final String run;

        SlowSink(String run) {
            this.run = run;
        }

        @Override
        public void invoke(String value) throws InterruptedException {
            if (value.length() < RECORD_CHARS) {
                throw new IllegalStateException("record cut short: " + value.length() + " chars");
            }
            // slowness is what is being tested here, not a way to wait for something
            Thread.sleep(1);
            CONSUMED.get(run).incrementAndGet();
        }
    }
}
