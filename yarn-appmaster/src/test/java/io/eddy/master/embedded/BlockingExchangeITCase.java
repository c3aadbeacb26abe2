package io.eddy.master.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.master.execution.TaskEvent;
import io.eddy.runtime.io.network.NetworkConfig;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Staged execution on the embedded cluster (2 workers x 1 slot, so the blocking exchange has local
 * and TCP channels): {@code Source -> Map} --HASH, BLOCKING--> {@code Keyed Reduce -> Sink}. The
 * producers' output is many times the partition memory bound, so it is spilled; the consumers are
 * deployed only after every producer finished, and still find the spill files while they read.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BlockingExchangeITCase {

    private static final long RECORDS = 100_000;
    private static final long KEYS = 500;
    private static final long MEMORY_BOUND = 32 * 1024;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);
    private static final Path SPILL_DIRECTORY = createSpillDirectory();

    @RegisterExtension
    final LocalClusterExtension cluster = new LocalClusterExtension(LocalClusterConfig.builder()
            .workers(2)
            .slotsPerWorker(1)
            .network(NetworkConfig.builder()
                    .segmentSize(4 * 1024)
                    .totalBuffers(128)
                    .blockingPartitionMemory(MEMORY_BOUND)
                    .spillDirectory(SPILL_DIRECTORY)
                    .build())
            .build());

    @Test
    void keyedSumsOverABlockingExchangeAreExactAndTheConsumersStartAfterEveryProducerFinished() throws Exception {
        JobGraph graph = BlockingJobGraphs.withBlockingEdges(keyedSums(), ShipStrategy.HASH);
        assertThat(graph.edges()).extracting(e -> e.exchangeMode()).containsExactly(ExchangeMode.BLOCKING);

        JobClient client = cluster.submit(graph);
        JobExecutionResult result = client.getJobResult().get(50, TimeUnit.SECONDS);

        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.RECORDS)).isEqualTo(RECORDS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.KEYS)).isEqualTo(KEYS);
        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
        assertThat(result.<Integer>getAccumulatorResult(FinalSumsSink.SPILL_FILES))
                .as("spill files each of the 2 consumers saw when it opened: one per producer partition")
                .isEqualTo(2 * 2);

        List<TaskEvent> history = cluster.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS);
        int lastProducerFinished = lastIndex(history, 0, TaskEvent.Kind.FINISHED);
        int firstConsumerDeployed = firstIndex(history, 1, TaskEvent.Kind.DEPLOYING);
        assertThat(history).filteredOn(e -> e.task().vertex() == 0 && e.kind() == TaskEvent.Kind.FINISHED).hasSize(2);
        assertThat(firstConsumerDeployed).as("the first consumer deployment comes after the last producer finished: %s", history)
                .isGreaterThan(lastProducerFinished);
        assertThat(history.get(lastProducerFinished).timeMillis()).isLessThanOrEqualTo(history.get(firstConsumerDeployed).timeMillis());

        JobDetails details = cluster.cluster().master().jobDetails(client.getJobId()).get(10, TimeUnit.SECONDS).orElseThrow();
        assertThat(details.vertices().get(0).spilledBytes()).as("the producers spilled their blocking partitions")
                .isGreaterThan(2 * MEMORY_BOUND);
        assertThat(details.vertices().get(1).spilledBytes()).isZero();
        assertThat(details.checkpoints()).isFalse();

        cluster.cluster().close();
        assertThat(spillFiles()).as("the workers deleted every spill file").isZero();
    }

    @Test
    void thePipelinedJobStillRunsAsOneRegion() throws Exception {
        JobClient client = cluster.submit(keyedSums());
        JobExecutionResult result = client.getJobResult().get(50, TimeUnit.SECONDS);

        assertThat(result.<Long>getAccumulatorResult(FinalSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
        assertThat(result.<Integer>getAccumulatorResult(FinalSumsSink.SPILL_FILES)).isZero();
        List<TaskEvent> history = cluster.cluster().master().taskEvents(client.getJobId()).get(10, TimeUnit.SECONDS);
        assertThat(history.subList(0, 4)).extracting(TaskEvent::kind).containsOnly(TaskEvent.Kind.DEPLOYING);
    }

    private static JobGraph keyedSums() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        MapFunction<Long, Tuple2<Long, Long>> withKey = v -> Tuple2.of(v % KEYS, v);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS)
                .map(withKey).returns(PAIR)
                .keyBy(byKey, Types.LONG)
                .reduce(sum)
                .addSink(new FinalSumsSink(SPILL_DIRECTORY.toString()));
        return env.getJobGraph("keyed sums over a blocking exchange");
    }

    private static int lastIndex(List<TaskEvent> history, int vertex, TaskEvent.Kind kind) {
        int found = -1;
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).task().vertex() == vertex && history.get(i).kind() == kind) {
                found = i;
            }
        }
        assertThat(found).as("%s of vertex %d in %s", kind, vertex, history).isNotNegative();
        return found;
    }

    private static int firstIndex(List<TaskEvent> history, int vertex, TaskEvent.Kind kind) {
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).task().vertex() == vertex && history.get(i).kind() == kind) {
                return i;
            }
        }
        throw new AssertionError("no " + kind + " of vertex " + vertex + " in " + history);
    }

    static int spillFiles() {
        return countSpillFiles(SPILL_DIRECTORY);
    }

    static int countSpillFiles(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return (int) files.filter(f -> f.getFileName().toString().endsWith(".spill")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path createSpillDirectory() {
        try {
            Path directory = Files.createTempDirectory("eddy-blocking-itcase");
            directory.toFile().deleteOnExit();
            return directory;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks the running sums per key, reports counts and final sums, and the spill files present when it opened. */
    static final class FinalSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";
        static final String SPILL_FILES = "spill files";

        private final String spillDirectory;
        private transient Map<Long, Long> latest;
        private transient long records;

        FinalSumsSink(String spillDirectory) {
            this.spillDirectory = spillDirectory;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
            getRuntimeContext().getIntCounter(SPILL_FILES).add(countSpillFiles(Path.of(spillDirectory)));
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) {
            Long previous = latest.put(value.f0, value.f1);
            if (previous != null && previous >= value.f1) {
                throw new IllegalStateException("The running sum of key " + value.f0 + " went from " + previous + " to " + value.f1
                        + ": records of the key were lost, duplicated or reordered");
            }
            records++;
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
}
