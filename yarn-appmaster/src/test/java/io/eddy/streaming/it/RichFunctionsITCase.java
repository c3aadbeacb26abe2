package io.eddy.streaming.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.rich.RichFlatMapFunction;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.testkit.results.Total;
import java.nio.file.Path;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Rich functions: their life cycle, what the runtime context tells them, and accumulators merged into the job result. */
@Timeout(60)
class RichFunctionsITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    @TempDir
    Path temp;

    @Test
    void openAndCloseAreCalledOncePerSubtaskAroundTheRecords() throws Exception {
        ResultDirectory run = ResultDirectory.create(temp);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.generateSequence(1, 300).rebalance().map(new LifecycleMap(run)).name("Life Cycle").setParallelism(3)
                .addSink(SinkFunctions.discard());

        env.execute("life cycle");

        // The map itself fails the job on a record before open() or after close(), and on a second open() or close().
        assertThat(run.marks()).containsExactlyInAnyOrder("open-0", "open-1", "open-2", "close-0", "close-1", "close-2");
        long records = 0;
        for (int i = 0; i < 3; i++) {
            assertThat(run.totalOf("records-" + i)).as("records of subtask %d", i).isPositive();
            records += run.totalOf("records-" + i);
        }
        assertThat(records).isEqualTo(300);
    }

    /**
     * Checks what the runtime context says and that records come between one open() and one
     * close(); marks {@code open-<i>} and {@code close-<i>}, counts records in total {@code records-<i>}.
     */
    static final class LifecycleMap extends RichMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        /** Task thread only. */
        private transient boolean opened;
        private transient boolean closed;
        private transient Total records;

        LifecycleMap(ResultDirectory run) {
            this.run = run;
        }

        @Override
        public void open() {
            RuntimeContext ctx = getRuntimeContext();
            int i = ctx.getIndexOfThisSubtask();
            check(ctx.getNumberOfParallelSubtasks() == 3, "parallelism " + ctx.getNumberOfParallelSubtasks());
            check(ctx.getMaxNumberOfParallelSubtasks() == KeyGroups.DEFAULT_MAX_PARALLELISM, "max parallelism " + ctx.getMaxNumberOfParallelSubtasks());
            check(ctx.getAttemptNumber() == 0, "attempt " + ctx.getAttemptNumber());
            check("Life Cycle".equals(ctx.getOperatorName()), "operator name " + ctx.getOperatorName());
            check(ctx.getTaskName().endsWith("(" + (i + 1) + "/3)"), "task name " + ctx.getTaskName());
            check(ctx.getUserCodeClassLoader() != null, "no user code class loader");
            check(!opened, "open() called twice");
            opened = true;
            records = run.total("records-" + i);
            check(run.mark("open-" + i), "a second open of subtask " + i);
        }

        @Override
        public Long map(Long value) {
            check(opened && !closed, "a record " + (opened ? "after close()" : "before open()"));
            records.increment();
            return value;
        }

        @Override
        public void close() {
            check(!closed, "close() called twice");
            closed = true;
            run.mark("close-" + getRuntimeContext().getIndexOfThisSubtask());
        }

        private static void check(boolean condition, String what) {
            if (!condition) {
                throw new IllegalStateException("unexpected runtime context or life cycle: " + what);
            }
        }
    }

    @Test
    void accumulatorsOfAllSubtasksAreMergedIntoTheJobResult() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.addSource(new CountingSource(500), Types.LONG).setParallelism(3)
                .flatMap(new CountingFlatMap()).setParallelism(2)
                .addSink(SinkFunctions.discard());

        JobExecutionResult result = env.execute("accumulators");

        TreeSet<Long> remainders = new TreeSet<>();
        long sum = 0;
        for (int subtask = 0; subtask < 3; subtask++) {
            for (long i = 0; i < 500; i++) {
                long v = subtask * 1000L + i;
                remainders.add(v % 9);
                sum += v;
            }
        }
        assertThat(result.<Integer>getAccumulatorResult("emitted")).isEqualTo(1500);
        assertThat(result.<Integer>getAccumulatorResult("records")).isEqualTo(1500);
        assertThat(result.<Long>getAccumulatorResult("sum")).isEqualTo(sum);
        assertThat(result.<Long>getAccumulatorResult("max")).isEqualTo(2499L);
        assertThat(result.<TreeSet<Long>>getAccumulatorResult("remainders")).isEqualTo(remainders);
        assertThat(result.getAllAccumulatorResults()).containsOnlyKeys("emitted", "records", "sum", "max", "remainders");
        assertThat(result.getNetRuntime()).isPositive();
    }

    /** Each subtask i emits i*1000 + [0, n) and counts them in the IntCounter "emitted". */
    static final class CountingSource extends RichParallelSourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final long n;
        private volatile boolean running = true;

        CountingSource(long n) {
            this.n = n;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            IntCounter emitted = getRuntimeContext().getIntCounter("emitted");
            long base = getRuntimeContext().getIndexOfThisSubtask() * 1000L;
            for (long i = 0; i < n && running; i++) {
                ctx.collect(base + i);
                emitted.add(1);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Forwards values; counts them (IntCounter), sums them (LongCounter), and tracks the maximum and the remainders mod 9 (custom). */
    static final class CountingFlatMap extends RichFlatMapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;
        private final LongCounter sum = new LongCounter();
        private final MaxAccumulator max = new MaxAccumulator();
        private final RemaindersAccumulator remainders = new RemaindersAccumulator();

        @Override
        public void open() {
            getRuntimeContext().addAccumulator("sum", sum);
            getRuntimeContext().addAccumulator("max", max);
            getRuntimeContext().addAccumulator("remainders", remainders);
        }

        @Override
        public void flatMap(Long value, Collector<Long> out) {
            getRuntimeContext().getIntCounter("records").add(1);
            sum.add(value);
            max.add(value);
            remainders.add(value % 9);
            out.collect(value);
        }
    }

    /** A user accumulator: the largest value added. */
    static final class MaxAccumulator implements Accumulator<Long, Long> {
        private static final long serialVersionUID = 1L;
        private long max = Long.MIN_VALUE;

        @Override
        public void add(Long value) {
            max = Math.max(max, value);
        }

        @Override
        public Long getLocalValue() {
            return max;
        }

        @Override
        public void resetLocal() {
            max = Long.MIN_VALUE;
        }

        @Override
        public void merge(Accumulator<Long, Long> other) {
            max = Math.max(max, other.getLocalValue());
        }

        @Override
        public MaxAccumulator clone() {
            MaxAccumulator copy = new MaxAccumulator();
            copy.max = max;
            return copy;
        }
    }

    /** A user accumulator with a collection result: the distinct values added. */
    static final class RemaindersAccumulator implements Accumulator<Long, TreeSet<Long>> {
        private static final long serialVersionUID = 1L;
        private TreeSet<Long> values = new TreeSet<>();

        @Override
        public void add(Long value) {
            values.add(value);
        }

        @Override
        public TreeSet<Long> getLocalValue() {
            return values;
        }

        @Override
        public void resetLocal() {
            values = new TreeSet<>();
        }

        @Override
        public void merge(Accumulator<Long, TreeSet<Long>> other) {
            values.addAll(other.getLocalValue());
        }

        @Override
        public RemaindersAccumulator clone() {
            RemaindersAccumulator copy = new RemaindersAccumulator();
            copy.values = new TreeSet<>(values);
            return copy;
        }
    }

    /** Sinks the tests use. */
    static final class SinkFunctions {
        private SinkFunctions() {}

        /** A sink that drops its input (the tests look at side effects and accumulators). */
        static <T> SinkFunction<T> discard() {
            return value -> { };
        }
    }
}
