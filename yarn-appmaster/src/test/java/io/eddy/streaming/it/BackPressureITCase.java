package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.testkit.results.Total;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
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

    /** Totals in the test's {@link ResultDirectory}: records emitted by the sources and consumed by the sinks. */
    private static final String EMITTED = "emitted";
    private static final String CONSUMED = "consumed";
    /** A source subtask's mark of the largest difference it saw: {@code max-lead-<subtask>-<lead>}. */
    private static final Pattern MAX_LEAD = Pattern.compile("max-lead-(\\d+)-(\\d+)");

    @TempDir
    Path temp;

    @ParameterizedTest(name = "{0} worker(s)")
    @ValueSource(ints = {1, 2})
    void aSlowSinkHoldsTheSourceBackByABoundedAmount(int workers) throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
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
        List<String> leads = run.marks().stream().filter(m -> MAX_LEAD.matcher(m).matches()).toList();
        assertThat(leads).as("the largest lead of each source subtask").hasSize(PARALLELISM);
        long maxLead = leads.stream().map(MAX_LEAD::matcher).filter(Matcher::matches).mapToLong(m -> Long.parseLong(m.group(2))).max().orElseThrow();
        LOG.info("{} worker(s): the sources got at most {} records ahead of the sinks (bound {})", workers, maxLead, bound);
        assertThat(run.totalOf(EMITTED)).isEqualTo((long) RECORDS_PER_SUBTASK * PARALLELISM);
        assertThat(run.totalOf(CONSUMED)).isEqualTo((long) RECORDS_PER_SUBTASK * PARALLELISM);
        assertThat(maxLead).as("how far the sources got ahead of the sinks (bound %d)", bound)
                .isLessThanOrEqualTo(bound)
                .isGreaterThan(PARALLELISM * 4L);
    }

    /**
     * Emits records of ~8 KB as fast as the network takes them, recording how far the sources
     * together are ahead of the sinks, and marks the largest such lead it saw when done.
     */
    static final class FastSource extends RichParallelSourceFunction<String> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        private final Total emitted;
        private final Total consumed;
        private volatile boolean running = true;

        FastSource(ResultDirectory run) {
            this.run = run;
            this.emitted = run.total(EMITTED);
            this.consumed = run.total(CONSUMED);
        }

        @Override
        public void run(SourceContext<String> ctx) {
            String padding = "x".repeat(RECORD_CHARS);
            long maxLead = 0;
            for (int i = 0; i < RECORDS_PER_SUBTASK && running; i++) {
                emitted.increment();
                maxLead = Math.max(maxLead, emitted.sum() - consumed.sum());
                ctx.collect(i + padding);
            }
            run.mark("max-lead-" + getRuntimeContext().getIndexOfThisSubtask() + "-" + maxLead);
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Consumes about one record per millisecond. */
    static final class SlowSink implements SinkFunction<String> {
        private static final long serialVersionUID = 1L;
        private final Total consumed;

        SlowSink(ResultDirectory run) {
            this.consumed = run.total(CONSUMED);
        }

        @Override
        public void invoke(String value) throws InterruptedException {
            if (value.length() < RECORD_CHARS) {
                throw new IllegalStateException("record cut short: " + value.length() + " chars");
            }
            // slowness is what is being tested here, not a way to wait for something
            Thread.sleep(1);
            consumed.increment();
        }
    }
}
