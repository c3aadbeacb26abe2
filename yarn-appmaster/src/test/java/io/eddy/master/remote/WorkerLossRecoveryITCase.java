package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.RichMapFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.streaming.api.environment.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The recovery test: a worker process is killed ({@code destroyForcibly}) while the
 * consumer region of a BLOCKING exchange runs, and with a restart strategy the job still completes
 * with exact results. Two workers with 2 slots each and parallelism 2: one lane on each. Killing
 * worker-2 loses the consumer running there and the producer result it held; the master moves that
 * lane to worker-1's free slot, runs that producer again, and then both consumers (the one on
 * worker-1 read the lost result, so it restarts too). The producer on worker-1 is not run again.
 * The first consumer attempts are slowed so the kill lands while they run; the test waits for both
 * to have opened (files in a watched directory) before it kills.
 */
@Timeout(120)
class WorkerLossRecoveryITCase {

    private static final long RECORDS = 40_000;
    private static final long KEYS = 100;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 2);

    @Test
    void aJobWhoseWorkerIsKilledMidJobCompletesWithExactResults() throws Exception {
        Path marks = Files.createDirectories(CLUSTER.directory().resolve("marks"));
        JobGraph graph = BlockingJobGraphs.withSettings(keyedSums(marks), Map.of("restart-strategy", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "3", "restart-strategy.fixed-delay.delay", "300ms"));

        try (WatchService watcher = FileSystems.getDefault().newWatchService();
                JobClient client = new RemoteExecutorFactory().create(CLUSTER.remoteConfiguration())
                        .submit(graph, List.of(), getClass().getClassLoader())) {
            marks.register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
            awaitFiles(watcher, marks, List.of("consumer-0-attempt-0", "consumer-1-attempt-0"), 60);

            CLUSTER.worker("worker-2").process().destroyForcibly();
            JobExecutionResult result = client.getJobResult().get(90, TimeUnit.SECONDS);

            assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.RECORDS)).as("records, counted once").isEqualTo(RECORDS);
            assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.KEYS)).isEqualTo(KEYS);
            assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
        }
        try (Stream<Path> files = Files.list(marks)) {
            List<String> names = files.map(f -> f.getFileName().toString()).sorted().toList();
            assertThat(names).as("both consumers ran again").contains("consumer-0-attempt-1", "consumer-1-attempt-1");
            assertThat(names).filteredOn(n -> n.startsWith("producer-")).as("the producer on worker-2 ran again, the other once")
                    .hasSize(3).contains("producer-0-attempt-0", "producer-1-attempt-0")
                    .containsAnyOf("producer-0-attempt-1", "producer-1-attempt-1");
        }
        assertThat(CLUSTER.worker("worker-1").process().isAlive()).isTrue();
    }

    private static JobGraph keyedSums(Path marks) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(CLUSTER.remoteConfiguration());
        env.setParallelism(2);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS).map(new MarkingKeyMap(marks.toString())).returns(PAIR).keyBy(byKey, Types.LONG).reduce(sum)
                .addSink(new SlowSumsSink(marks.toString()));
        return BlockingJobGraphs.withBlockingEdges(env.getJobGraph("worker loss recovery"), ShipStrategy.HASH);
    }

    /** Waits (bounded) until every one of {@code names} exists in {@code dir}, woken by file creations. */
    private static void awaitFiles(WatchService watcher, Path dir, List<String> names, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!names.stream().allMatch(n -> Files.exists(dir.resolve(n)))) {
            long left = deadline - System.nanoTime();
            var key = watcher.poll(Math.max(1, left), TimeUnit.NANOSECONDS);
            if (key == null) {
                throw new AssertionError("Not all of " + names + " appeared in " + dir + " within " + seconds + " s");
            }
            key.pollEvents();
            key.reset();
        }
    }

    static void mark(String directory, String name) {
        try {
            Files.createFile(Path.of(directory, name));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the mark " + name + " in " + directory, e);
        }
    }

    /** Keys the values and leaves a mark per opened attempt ({@code producer-<subtask>-attempt-<n>}). */
    static final class MarkingKeyMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final String directory;

        MarkingKeyMap(String directory) {
            this.directory = directory;
        }

        @Override
        public void open() {
            mark(directory, "producer-" + getRuntimeContext().getIndexOfThisSubtask() + "-attempt-" + getRuntimeContext().getAttemptNumber());
        }

        @Override
        public Tuple2<Long, Long> map(Long v) {
            return Tuple2.of(v % KEYS, v);
        }
    }

    /**
     * Checks the running sums per key and reports counts and the sum of the final sums; leaves a
     * mark per opened attempt; first attempts pause 1 ms every 4 records (about 5 s), so the kill
     * lands while they run.
     */
    static final class SlowSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";

        private final String directory;
        private transient Map<Long, Long> latest;
        private transient long records;
        private transient boolean slow;

        SlowSumsSink(String directory) {
            this.directory = directory;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
            slow = getRuntimeContext().getAttemptNumber() == 0;
            mark(directory, "consumer-" + getRuntimeContext().getIndexOfThisSubtask() + "-attempt-" + getRuntimeContext().getAttemptNumber());
        }

        @Override
        public void invoke(Tuple2<Long, Long> value) throws InterruptedException {
            Long previous = latest.put(value.f0, value.f1);
            if (previous != null && previous >= value.f1) {
                throw new IllegalStateException("The running sum of key " + value.f0 + " went from " + previous + " to " + value.f1);
            }
            records++;
            if (slow && records % 4 == 0) {
                // Slows the first attempt down so that the test's kill lands while it runs (not a synchronisation).
                Thread.sleep(1);
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
}
