package io.eddy.benchmarks;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.examples.statemachine.StateMachineDemo;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;

/**
 * The per-record cost of an operator chain: {@code source -> map(v + 1) -> filter(even) -> sink}
 * over the numbers {@code 0..records-1}, every operator chained into one task per subtask, so no
 * record is serialized or crosses a channel. What it measures is the task's loop, the chain's
 * outputs and the user-function calls; the work per record is an add, a test and a count.
 *
 * <p>The sink counts the records that pass and sums them; {@link Outcome#correct()} holds both
 * against what the numbers give (half of them pass, and their sum is {@code k(k + 1)} for
 * {@code k = records / 2}).
 */
final class ChainBench {

    static final String PASSED = "chain.passed";
    static final String SUM = "chain.sum";

    private ChainBench() {}

    /** What one job found. */
    record Outcome(long records, long passed, long sum, long netRuntimeMillis) {

        double seconds() {
            return Math.max(0.001, netRuntimeMillis / 1000.0);
        }

        /** Source records per second over the job's net runtime. */
        double rate() {
            return records / seconds();
        }

        /** The records the filter lets through: the even numbers of {@code 1..records}. */
        long expectedPassed() {
            return records / 2;
        }

        /** {@code 2 + 4 + ... + 2k} for {@code k = records / 2}. */
        long expectedSum() {
            long k = records / 2;
            return k * (k + 1);
        }

        boolean correct() {
            return passed == expectedPassed() && sum == expectedSum();
        }
    }

    /** Builds the chain on {@code env}, runs it and reads the sink's accumulators. */
    static Outcome run(StreamExecutionEnvironment env, long records, StateMachineDemo.SourceKind source) throws Exception {
        DataStream<Long> numbers = source == StateMachineDemo.SourceKind.READER
                ? env.fromSequence(0, records - 1)
                : env.generateSequence(0, records - 1);
        numbers.map(new PlusOne()).name("plus one")
                .filter(new Even()).name("even")
                .addSink(new CountingSink()).name("count and sum");
        JobExecutionResult result = env.execute("chain");
        return new Outcome(records, longValue(result.getAccumulatorResult(PASSED)), longValue(result.getAccumulatorResult(SUM)),
                result.getNetRuntime());
    }

    private static long longValue(Object accumulator) {
        return accumulator == null ? 0 : ((Number) accumulator).longValue();
    }

    static final class PlusOne implements MapFunction<Long, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long map(Long value) {
            return value + 1;
        }
    }

    static final class Even implements FilterFunction<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean filter(Long value) {
            return (value & 1) == 0;
        }
    }

    /**
     * Counts and sums in fields on the task thread and adds them to the accumulators once, at
     * close, so that the accumulators cost nothing per record. Task thread only.
     */
    static final class CountingSink extends RichSinkFunction<Long> {
        private static final long serialVersionUID = 1L;
        private transient LongCounter passedCounter;
        private transient LongCounter sumCounter;
        private transient long passed;
        private transient long sum;

        @Override
        public void open() {
            passedCounter = getRuntimeContext().getLongCounter(PASSED);
            sumCounter = getRuntimeContext().getLongCounter(SUM);
        }

        @Override
        public void invoke(Long value) {
            passed++;
            sum += value;
        }

        @Override
        public void close() {
            passedCounter.add(passed);
            sumCounter.add(sum);
        }
    }
}
