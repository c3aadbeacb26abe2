package io.eddy.suites;

import static io.eddy.suites.StreamingIterationJobs.DONE;
import static io.eddy.suites.StreamingIterationJobs.RECORD;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.configuration.MemorySize;
import io.eddy.executor.JobClient;
import io.eddy.iteration.runtime.StreamIterationHead;
import io.eddy.iteration.runtime.StreamIterationTail;
import io.eddy.jobgraph.JobGraph;
import io.eddy.streaming.api.CheckpointingMode;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.ConnectedIterativeStreams;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.IterativeStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.suites.StreamingIterationJobs.HeldSequence;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Streaming iterations (docs/iterations.md, "Streaming iteration") written once and run on every
 * deployment: records go around a loop asynchronously, as often as their value says, and leave it
 * exactly once; a loop whose feedback outgrows its queue's memory spills and stays exact; and with
 * checkpointing, a worker killed while records go around leaves the committed output exact.
 *
 * <p>Every loop has a max wait, so the job finishes once its input ended and the loop ran dry.
 */
public abstract class StreamingIterationSuite {

    /** Generous against pauses of a loaded machine: a loop's head that saw no feedback this long after its input ended ends. */
    private static final long MAX_WAIT_MILLIS = 3_000;
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(60);

    /** The deployment of the subclass: 2 workers of 2 slots at least. */
    protected abstract TestDeployment deployment();

    /** The results of a test at {@code dir}; a deployment may put the committed output elsewhere (YARN: on HDFS). */
    protected ResultDirectory results(Path dir) throws IOException {
        return ResultDirectory.create(dir);
    }

    private StreamExecutionEnvironment env() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        env.setBufferTimeout(1);
        return env;
    }

    @Test
    void eachNumberGoesAroundTheLoopAsOftenAsItsValueAndLeavesItOnce() throws Exception {
        int n = 200;
        StreamExecutionEnvironment env = env();
        DataStream<Tuple3<Long, Long, Long>> numbers = env.fromSequence(1, n).map(new StreamingIterationJobs.Enter(0)).returns(RECORD);
        IterativeStream<Tuple3<Long, Long, Long>> loop = numbers.iterate(MAX_WAIT_MILLIS);
        SingleOutputStreamOperator<Tuple3<Long, Long, Long>> step = loop.keyBy(new StreamingIterationJobs.Origin(), Types.LONG)
                .process(new StreamingIterationJobs.Decrement()).returns(RECORD).name("decrement");
        loop.closeWith(step);

        Map<Long, Long> passes = collect(step.getSideOutput(DONE));
        assertThat(passes).hasSize(n);
        passes.forEach((origin, p) -> assertThat(p).as("passes of %d", origin).isEqualTo(origin));
    }

    @Test
    void aConnectedLoopFeedsBackAnotherTypeThroughItsCoOperator() throws Exception {
        int n = 1_000;
        StreamExecutionEnvironment env = env();
        ConnectedIterativeStreams<Long, Tuple3<Long, Long, Long>> loop = env.fromSequence(1, n).iterate(MAX_WAIT_MILLIS)
                .withFeedbackType(RECORD);
        DataStream<Tuple3<Long, Long, Long>> halved = loop.map(new StreamingIterationJobs.Halve()).returns(RECORD).name("halve");
        loop.closeWith(halved.filter(new StreamingIterationJobs.ValueZero(false)));

        Map<Long, Long> passes = collect(halved.filter(new StreamingIterationJobs.ValueZero(true)));
        assertThat(passes).hasSize(n);
        passes.forEach((origin, p) -> assertThat(p).as("halvings of %d down to 0 (its bit length)", origin)
                .isEqualTo(64L - Long.numberOfLeadingZeros(origin)));
    }

    /**
     * Every record of a binary tree's level begets two of the next: the feedback grows far beyond
     * the queue's 64 KiB (three pages a buffer, one of them for records), so the queue spills, and
     * every leaf still leaves the loop once.
     */
    @Test
    void feedbackBeyondTheQueuesMemorySpillsAndTheResultStaysExact(@TempDir Path dir) throws Exception {
        long seeds = 8;
        long depth = 12;
        try (ResultDirectory results = ResultDirectory.create(dir)) {
            StreamExecutionEnvironment env = env();
            IterativeStream<Tuple3<Long, Long, Long>> loop = env.fromSequence(1, seeds).map(new SeedRoot()).returns(RECORD)
                    .iterate(MAX_WAIT_MILLIS).setFeedbackMemory(new MemorySize(64 * 1024));
            DataStream<Tuple3<Long, Long, Long>> children = loop.flatMap(new StreamingIterationJobs.Children()).returns(RECORD);
            loop.closeWith(children.filter(new StreamingIterationJobs.Shallower(depth, true)));
            children.filter(new StreamingIterationJobs.Shallower(depth, false)).map(new LeafLine()).returns(Types.STRING)
                    .addSink(results.recordingSink("leaves"));
            JobExecutionResult result = env.execute("spilling loop (" + deployment().name() + ")");

            List<String> leaves = results.lines("leaves");
            assertThat(leaves).hasSize((int) (seeds << depth)).doesNotHaveDuplicates();
            List<String> expected = new ArrayList<>();
            for (long s = 1; s <= seeds; s++) {
                for (long id = 1L << depth; id < 2L << depth; id++) {
                    expected.add(s + "/" + id);
                }
            }
            assertThat(leaves).containsExactlyInAnyOrderElementsOf(expected);
            String name = loop.getIterationName();
            assertThat((Long) result.getAccumulatorResult(StreamIterationHead.accumulator(name, StreamIterationHead.SPILL_FILES)))
                    .as("spill files of the lanes' feedback queues").isPositive();
            assertThat((Long) result.getAccumulatorResult(StreamIterationTail.droppedAccumulator(name))).isZero();
        }
    }

    /**
     * Exactly once with a killed worker: numbers from a rewindable source go around a keyed loop
     * ({@code n % 30 + 1} times) and leave it through an exactly-once sink; checkpoints every 200 ms
     * hold the feedback in flight. Once checkpoint 3 completed, the worker running source lane 0 is
     * killed while records go around; the job restores (the heads re-emit their logged feedback).
     * Then source lane 0 ends while lane 1 holds: checkpoints go on, the head of lane 0 injecting
     * their barriers itself. Every number's line is committed exactly once, with its exact passes.
     */
    @Test
    void aKilledWorkerRestoresTheLoopExactlyOnce(@TempDir Path dir) throws Exception {
        long laneSize = 8_000;
        long modulus = 30;
        try (ResultDirectory results = results(dir.resolve("results"))) {
            StreamExecutionEnvironment env = env();
            env.enableCheckpointing(200, CheckpointingMode.EXACTLY_ONCE);
            env.getCheckpointConfig().setCheckpointStorage(dir.resolve("checkpoints").toUri().toString());
            env.setRestartStrategy(RestartStrategy.fixedDelay(10, Duration.ofMillis(200)));
            DataStream<Tuple3<Long, Long, Long>> numbers = env.addSource(new HeldSequence(2, laneSize, results), "held sequence", Types.LONG)
                    .map(new ExactlyOnceJob.MarkingMap(results, -1)).returns(Types.LONG).name("marks")
                    .map(new StreamingIterationJobs.Enter(modulus)).returns(RECORD);
            IterativeStream<Tuple3<Long, Long, Long>> loop = numbers.iterate(MAX_WAIT_MILLIS);
            SingleOutputStreamOperator<Tuple3<Long, Long, Long>> step = loop.keyBy(new StreamingIterationJobs.Origin(), Types.LONG)
                    .process(new StreamingIterationJobs.Decrement()).returns(RECORD).name("decrement");
            loop.closeWith(step);
            step.getSideOutput(DONE).map(new StreamingIterationJobs.Line()).returns(Types.STRING).addSink(results.committingSink("out"));
            JobGraph graph = env.getJobGraph("streaming loop under a worker kill (" + deployment().name() + ")");

            JobExecutionResult result = runWithOneKill(graph, results);

            Map<Long, Long> passes = new TreeMap<>();
            for (String line : results.committedLines("out")) {
                String[] f = line.split(",");
                assertThat(passes.put(Long.parseLong(f[0]), Long.parseLong(f[1]))).as("number %s committed twice", f[0]).isNull();
            }
            assertThat(passes).as("every number committed").hasSize((int) (2 * laneSize));
            passes.forEach((number, p) -> assertThat(p).as("passes of %d", number).isEqualTo(number % modulus + 1));
            String name = loop.getIterationName();
            assertThat((Long) result.getAccumulatorResult(StreamIterationTail.droppedAccumulator(name))).isZero();
            // The restored checkpoint held feedback in flight (records go around every millisecond), and the heads re-emitted it.
            assertThat((Long) result.getAccumulatorResult(StreamIterationHead.accumulator(name, StreamIterationHead.REPLAYED)))
                    .as("feedback records re-emitted from the restored checkpoint").isPositive();
        }
    }

    /**
     * Submits; kills the worker of source lane 0 once checkpoint 3 or later of attempt 0 completed
     * (records go around by then); once the job restarted, lets lane 0 end and waits for a
     * checkpoint to complete after it; then lets lane 1 end and waits for the job's end.
     */
    private JobExecutionResult runWithOneKill(JobGraph graph, ResultDirectory results) throws Exception {
        try (JobClient client = deployment().submit(graph)) {
            deployment().awaitWorkers();
            results.await(names -> newestCheckpoint(names, 0) >= 3 ? Optional.of(true) : Optional.empty(),
                    "checkpoint 3 or later of attempt 0 to complete", MARK_TIMEOUT);
            long pid = results.await(names -> ExactlyOnceJob.laneZeroPid(names, 0), "lane 0 of attempt 0 to open", MARK_TIMEOUT);
            assertThat(client.getJobResult()).as("the job still runs at the kill").isNotDone();
            deployment().killWorker(pid);
            int attempt = results.await(names -> ExactlyOnceJob.newestOpenedAttempt(names) > 0
                    ? Optional.of(ExactlyOnceJob.newestOpenedAttempt(names)) : Optional.empty(), "the job to restart", MARK_TIMEOUT);
            results.mark(HeldSequence.release(0));
            results.awaitMark(HeldSequence.lastMark(attempt, 0), MARK_TIMEOUT);
            long before = newestCheckpoint(results.marks(), attempt);
            results.await(names -> newestCheckpoint(names, attempt) > before ? Optional.of(true) : Optional.empty(),
                    "a checkpoint after source lane 0 of attempt " + attempt + " ended", MARK_TIMEOUT);
            results.mark(HeldSequence.release(1));
            return client.getJobResult().get(120, TimeUnit.SECONDS);
        }
    }

    /** The newest checkpoint whose completion a source lane of {@code attempt} marked, or 0. */
    private static long newestCheckpoint(List<String> names, int attempt) {
        return names.stream().map(ExactlyOnceJob.DONE::matcher).filter(m -> m.matches() && Integer.parseInt(m.group(1)) == attempt)
                .mapToLong(m -> Long.parseLong(m.group(3))).max().orElse(0);
    }

    /** Runs the job of {@code done} and returns, per origin, the passes of its one record (failing on a second). */
    private static Map<Long, Long> collect(DataStream<Tuple3<Long, Long, Long>> done) throws Exception {
        Map<Long, Long> passes = new HashMap<>();
        try (CloseableIterator<Tuple3<Long, Long, Long>> it = done.executeAndCollect("streaming loop")) {
            while (it.hasNext()) {
                Tuple3<Long, Long, Long> t = it.next();
                assertThat(passes.put(t.f0, t.f2)).as("origin %d left the loop twice", t.f0).isNull();
            }
        }
        return passes;
    }

    /** A seed enters as the root of its tree: {@code (seed, 1, 0)}. */
    static final class SeedRoot implements io.eddy.api.common.functions.MapFunction<Long, Tuple3<Long, Long, Long>> {
        @Override
        public Tuple3<Long, Long, Long> map(Long seed) {
            return new Tuple3<>(seed, 1L, 0L);
        }
    }

    static final class LeafLine implements io.eddy.api.common.functions.MapFunction<Tuple3<Long, Long, Long>, String> {
        @Override
        public String map(Tuple3<Long, Long, Long> t) {
            return t.f0 + "/" + t.f1;
        }
    }
}
