package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.master.execution.TaskEvent;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region failover on the embedded cluster (2 workers x 1 slot): {@code Source -> Map} --HASH,
 * BLOCKING--> {@code Keyed Reduce -> Sink}, where one sink subtask fails on its first attempt (a
 * flag file in a temp directory decides which, so exactly one fails once). With a fixed-delay
 * strategy only that consumer region runs again, reading the producers' blocking results that
 * survived; without one the job fails with the user's exception.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RegionFailoverITCase {

    private static final long RECORDS = 50_000;
    private static final long KEYS = 200;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @RegisterExtension
    final LocalClusterExtension cluster = new LocalClusterExtension(LocalClusterConfig.builder().workers(2).slotsPerWorker(1).build());

    @TempDir
    Path flags;

    @Test
    void withFixedDelayOnlyTheFailedConsumerRegionRunsAgainAndTheResultsAreExact() throws Exception {
        JobGraph graph = BlockingJobGraphs.withSettings(keyedSums(), Map.of("restart-strategy", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "2", "restart-strategy.fixed-delay.delay", "50ms"));

        JobClient client = cluster.submit(graph);
        JobExecutionResult result = client.getJobResult().get(50, TimeUnit.SECONDS);

        assertThat(result.<Long>getAccumulatorResult(FailOnceSumsSink.RECORDS)).as("records counted once").isEqualTo(RECORDS);
        assertThat(result.<Long>getAccumulatorResult(FailOnceSumsSink.KEYS)).isEqualTo(KEYS);
        assertThat(result.<Long>getAccumulatorResult(FailOnceSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
        assertThat(result.<Long>getAccumulatorResult(CountingKeyMap.OPENED)).as("producer attempts, counted by accumulator").isEqualTo(2L);
        try (Stream<Path> files = Files.list(flags)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).as("one sink failed once; each producer ran once")
                    .containsExactly("failed", "producer-0-attempt-0", "producer-1-attempt-0");
        }
        List<TaskEvent> history = cluster.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS);
        assertThat(history).filteredOn(e -> e.kind() == TaskEvent.Kind.DEPLOYING).extracting(e -> e.task().vertex())
                .as("2 producers, 2 consumers, 1 consumer again").containsExactlyInAnyOrder(0, 0, 1, 1, 1);
        assertThat(history).filteredOn(e -> e.kind() == TaskEvent.Kind.FAILED).singleElement()
                .satisfies(e -> assertThat(e.task().attempt()).isZero());
    }

    @Test
    void withoutARestartStrategyTheJobFailsWithTheUsersException() throws Exception {
        JobClient client = cluster.submit(keyedSums());

        assertThatThrownBy(() -> client.getJobResult().get(50, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .satisfies(e -> assertThat(causes(e)).contains(FailOnceSumsSink.MESSAGE).contains("Sink"));
        List<TaskEvent> history = cluster.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS);
        assertThat(history).filteredOn(e -> e.kind() == TaskEvent.Kind.DEPLOYING).allMatch(e -> e.task().attempt() == 0);
    }

    private JobGraph keyedSums() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS).map(new CountingKeyMap(flags.toString())).returns(PAIR).keyBy(byKey, Types.LONG).reduce(sum)
                .addSink(new FailOnceSumsSink(flags.toString())).name("Sink");
        return BlockingJobGraphs.withBlockingEdges(env.getJobGraph("region failover"), ShipStrategy.HASH);
    }

    private static String causes(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c).append(" / ");
        }
        return sb.toString();
    }

    /** Keys the values and leaves one file per opened attempt ({@code producer-<subtask>-attempt-<n>}). */
    static final class CountingKeyMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String OPENED = "producer attempts";
        private final String directory;

        CountingKeyMap(String directory) {
            this.directory = directory;
        }

        @Override
        public void open() {
            getRuntimeContext().getLongCounter(OPENED).add(1L);
            touch(Path.of(directory, "producer-" + getRuntimeContext().getIndexOfThisSubtask() + "-attempt-"
                    + getRuntimeContext().getAttemptNumber()));
        }

        @Override
        public Tuple2<Long, Long> map(Long v) {
            return Tuple2.of(v % KEYS, v);
        }
    }

    /**
     * Checks the running sums per key and reports counts and the sum of the final sums; the first
     * subtask to create the flag file fails after 1000 records, once per job.
     */
    static final class FailOnceSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";
        static final String MESSAGE = "injected failure of the first attempt";

        private final String directory;
        private transient Map<Long, Long> latest;
        private transient long records;
        private transient boolean failThisAttempt;

        FailOnceSumsSink(String directory) {
            this.directory = directory;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
            try {
                Files.createFile(Path.of(directory, "failed"));
                failThisAttempt = true;
            } catch (FileAlreadyExistsException e) {
                failThisAttempt = false;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            Long previous = latest.put(value.f0, value.f1);
            if (previous != null && previous >= value.f1) {
                throw new IllegalStateException("The running sum of key " + value.f0 + " went from " + previous + " to " + value.f1);
            }
            records++;
            if (failThisAttempt && records == 1000) {
                throw new IllegalStateException(MESSAGE);
            }
        }

        @Override
        public void close() {
            long finalSums = 0;
            for (long s : latest.values()) {
                finalSums += s;
            }
            getRuntimeContext().getLongCounter(RECORDS).add(records);
            getRuntimeContext().getLongCounter(KEYS).add((long) latest.size());
            getRuntimeContext().getLongCounter(FINAL_SUMS).add(finalSums);
        }
    }

    private static void touch(Path file) {
        try {
            Files.createFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create " + file, e);
        }
    }
}
