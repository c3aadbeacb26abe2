package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.BlockingJobGraphs;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Batch jobs that lose a worker or a task, written once and run on every deployment (a subclass per
 * {@link TestDeployment}, each with 2 workers of 2 slots); the job's functions report through a
 * {@link ResultDirectory}, results come back as accumulators or output files.
 *
 * <ul>
 *   <li>A worker is killed while the consumer region of a BLOCKING exchange runs (one lane on each
 *       worker): the master moves the lost lane to the other worker's free slot, runs the producer
 *       whose result was lost again, then both consumers (the survivor read the lost result too);
 *       the other producer is not run again. The results are exact.
 *   <li>A DataSet job with its own fixed-delay restart strategy: the worker running map subtask 0
 *       is killed while its first attempt runs; the subtask runs again in another worker, the
 *       written sums are exact, and the deployment gets its replacement worker.
 *   <li>A DataSet map subtask fails once mid-input: with the program's fixed-delay strategy the
 *       job restarts what must run again and its committed output is exact; without one the job
 *       fails with the user's exception.
 * </ul>
 */
public abstract class BatchFailoverSuite {

    private static final long RECORDS = 40_000;
    private static final long KEYS = 100;
    private static final int SUM_KEYS = 10;
    private static final TypeInfo<Tuple2<Long, Long>> PAIR = Types.TUPLE(Types.LONG, Types.LONG);
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(90);
    /** {@code <role>-<subtask>-a<attempt>-p<pid>}: a task's function opened in that process. */
    private static final Pattern OPEN = Pattern.compile("(producer|consumer|map)-(\\d+)-a(\\d+)-p(\\d+)");

    /** The deployment of the subclass: 2 workers of 2 slots. */
    protected abstract TestDeployment deployment();

    /** The results of a test at {@code dir}; a deployment may put the output elsewhere (YARN: on HDFS). */
    protected ResultDirectory results(Path dir) throws IOException {
        return ResultDirectory.create(dir);
    }

    @Test
    void aWorkerKilledWhileTheConsumersOfABlockingExchangeRunLeavesExactResults(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            JobGraph graph = BlockingJobGraphs.withSettings(blockingKeyedSums(results), Map.of("restart-strategy", "fixed-delay",
                    "restart-strategy.fixed-delay.attempts", "3", "restart-strategy.fixed-delay.delay", "300ms"));
            try (JobClient client = deployment().submit(graph)) {
                long consumer0 = results.await(names -> opened(names, "consumer", 0, 0), "consumer 0 to open", MARK_TIMEOUT);
                long consumer1 = results.await(names -> opened(names, "consumer", 1, 0), "consumer 1 to open", MARK_TIMEOUT);
                deployment().killWorker(consumer1);
                JobExecutionResult result = client.getJobResult().get(90, TimeUnit.SECONDS);

                assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.RECORDS)).as("records, counted once").isEqualTo(RECORDS);
                assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.KEYS)).isEqualTo(KEYS);
                assertThat(result.<Long>getAccumulatorResult(SlowSumsSink.FINAL_SUMS)).isEqualTo(RECORDS * (RECORDS + 1) / 2);
                assertThat(ProcessHandle.of(consumer0).map(ProcessHandle::isAlive)).as("the worker process of consumer 0 lives")
                        .contains(true);
            }
            List<String> names = results.marks();
            assertThat(opened(names, "consumer", 0, 1)).as("consumer 0 ran again").isPresent();
            assertThat(opened(names, "consumer", 1, 1)).as("consumer 1 ran again").isPresent();
            List<String> producers = names.stream().filter(n -> n.startsWith("producer-")).toList();
            assertThat(producers).as("the producer on the killed worker ran again, the other once").hasSize(3);
            assertThat(opened(names, "producer", 0, 0)).isPresent();
            assertThat(opened(names, "producer", 1, 0)).isPresent();
            assertThat(opened(names, "producer", 0, 1).or(() -> opened(names, "producer", 1, 1))).isPresent();
        }
    }

    @Test
    void aDataSetJobWhoseMapWorkerIsKilledWritesExactSums(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
            env.setParallelism(2);
            env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(200)));
            env.generateSequence(1, 5 * RECORDS).map(new MarkingSlowMap(results)).returns(PAIR)
                    .groupBy(0).sum(1).writeAsCsv(results.outputUri("sums"));
            try (JobClient client = deployment().submit(env.getJobGraph("batch failover (" + deployment().name() + ")"))) {
                long pid = results.await(names -> opened(names, "map", 0, 0), "map subtask 0's first attempt to open", MARK_TIMEOUT);
                deployment().killWorker(pid);
                results.await(names -> opened(names, "map", 0, -1), "map subtask 0 to open again after the kill", MARK_TIMEOUT);
                client.getJobResult().get(MARK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
            assertThat(sums(results.outputLines("sums"))).isEqualTo(expectedSums(5 * RECORDS));
            deployment().awaitWorkers();
        }
    }

    @Test
    void withTheProgramsFixedDelayStrategyAFailingMapRestartsAndTheOutputIsExact(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
            env.setParallelism(2);
            env.setRestartStrategy(RestartStrategy.fixedDelay(2, Duration.ofMillis(50)));
            env.generateSequence(1, RECORDS).map(new FailOnceMap(results)).returns(PAIR).groupBy(0).sum(1).writeAsCsv(results.outputUri("sums"));

            JobExecutionResult result = run(env.getJobGraph("restarted sums (" + deployment().name() + ")"));

            assertThat(results.marks()).as("the map failed once").contains(FailOnceMap.FAILED);
            assertThat(sums(results.outputLines("sums"))).isEqualTo(expectedSums(RECORDS));
            assertThat(result.getNetRuntime(TimeUnit.MILLISECONDS)).isPositive();
        }
    }

    @Test
    void withoutARestartStrategyTheJobFailsWithTheUsersException(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(deployment().settings());
            env.setParallelism(2);
            env.generateSequence(1, RECORDS).map(new FailOnceMap(results)).returns(PAIR).groupBy(0).sum(1).writeAsCsv(results.outputUri("sums"));

            Throwable failure = catchThrowable(() -> run(env.getJobGraph("failing sums (" + deployment().name() + ")")));

            assertThat(failure).isNotNull().rootCause().hasMessageContaining(FailOnceMap.MESSAGE);
        }
    }

    /** Runs {@code graph} on the deployment's cluster (where {@code execute()} would run it, on the embedded one a cluster of its own) and waits for its result. */
    private JobExecutionResult run(JobGraph graph) throws Exception {
        try (JobClient client = deployment().submit(graph)) {
            return client.getJobResult().get(90, TimeUnit.SECONDS);
        }
    }

    private JobGraph blockingKeyedSums(ResultDirectory results) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        KeySelector<Tuple2<Long, Long>, Long> byKey = t -> t.f0;
        ReduceFunction<Tuple2<Long, Long>> sum = (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1);
        env.generateSequence(1, RECORDS).map(new MarkingKeyMap(results)).returns(PAIR).keyBy(byKey, Types.LONG).reduce(sum)
                .addSink(new SlowSumsSink(results));
        return BlockingJobGraphs.withBlockingEdges(env.getJobGraph("worker loss recovery (" + deployment().name() + ")"), ShipStrategy.HASH);
    }

    /** The pid of the process where {@code role} subtask {@code subtask} opened attempt {@code attempt} (any attempt above 0 if -1). */
    private static Optional<Long> opened(List<String> names, String role, int subtask, int attempt) {
        return names.stream().map(OPEN::matcher).filter(Matcher::matches)
                .filter(m -> m.group(1).equals(role) && Integer.parseInt(m.group(2)) == subtask)
                .filter(m -> attempt >= 0 ? Integer.parseInt(m.group(3)) == attempt : Integer.parseInt(m.group(3)) > 0)
                .map(m -> Long.parseLong(m.group(4))).findFirst();
    }

    private static String openMark(String role, io.eddy.api.common.functions.rich.RuntimeContext rc) {
        return role + "-" + rc.getIndexOfThisSubtask() + "-a" + rc.getAttemptNumber() + "-p" + ProcessHandle.current().pid();
    }

    private static Map<Long, Long> expectedSums(long records) {
        Map<Long, Long> sums = new TreeMap<>();
        for (long v = 1; v <= records; v++) {
            sums.merge(v % SUM_KEYS, v, Long::sum);
        }
        return sums;
    }

    /** The {@code key,sum} lines as a map; a key twice fails. */
    private static Map<Long, Long> sums(List<String> lines) {
        Map<Long, Long> sums = new TreeMap<>();
        for (String line : lines) {
            String[] fields = line.split(",");
            assertThat(sums.put(Long.parseLong(fields[0]), Long.parseLong(fields[1]))).as("key %s once", fields[0]).isNull();
        }
        return sums;
    }

    /** Keys the values by {@code v % KEYS} and marks each opened attempt. */
    static final class MarkingKeyMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;

        MarkingKeyMap(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            results.mark(openMark("producer", getRuntimeContext()));
        }

        @Override
        public Tuple2<Long, Long> map(Long v) {
            return Tuple2.of(v % KEYS, v);
        }
    }

    /**
     * Checks the running sums per key and reports counts and the sum of the final sums as
     * accumulators; marks each opened attempt; first attempts pause 1 ms every 4 records (about 5
     * s), so the kill lands while they run.
     */
    static final class SlowSumsSink extends RichSinkFunction<Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String RECORDS = "records";
        static final String KEYS = "keys";
        static final String FINAL_SUMS = "final sums";

        private final ResultDirectory results;
        /** Task thread only. */
        private transient Map<Long, Long> latest;
        private transient long records;
        private transient boolean slow;

        SlowSumsSink(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            latest = new HashMap<>();
            slow = getRuntimeContext().getAttemptNumber() == 0;
            results.mark(openMark("consumer", getRuntimeContext()));
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

    /**
     * {@code v -> (v % SUM_KEYS, v)}; marks each opened attempt; first attempts pause 1 ms every 20
     * records (about 5 s per subtask), so that the kill lands while they run.
     */
    static final class MarkingSlowMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory results;
        /** Task thread only. */
        private transient boolean slow;
        private transient long seen;

        MarkingSlowMap(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public void open() {
            slow = getRuntimeContext().getAttemptNumber() == 0;
            results.mark(openMark("map", getRuntimeContext()));
        }

        @Override
        public Tuple2<Long, Long> map(Long v) throws InterruptedException {
            if (slow && ++seen % 20 == 0) {
                // Slows the first attempt so that the test's kill lands while it runs (not a synchronisation).
                Thread.sleep(1);
            }
            return Tuple2.of(v % SUM_KEYS, v);
        }
    }

    /** {@code v -> (v % SUM_KEYS, v)}; the first subtask to reach its 5000th record in a first attempt fails, once (the mark {@value #FAILED}). */
    static final class FailOnceMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        static final String FAILED = "failed";
        static final String MESSAGE = "injected failure of a map subtask's first attempt";
        private final ResultDirectory results;
        /** Task thread only. */
        private transient long seen;

        FailOnceMap(ResultDirectory results) {
            this.results = results;
        }

        @Override
        public Tuple2<Long, Long> map(Long v) {
            // Splits are handed out on request, so which subtask reads how much varies; one of the two reads at least half.
            if (++seen == 5_000 && getRuntimeContext().getAttemptNumber() == 0 && results.mark(FAILED)) {
                throw new IllegalStateException(MESSAGE);
            }
            return Tuple2.of(v % SUM_KEYS, v);
        }
    }
}
