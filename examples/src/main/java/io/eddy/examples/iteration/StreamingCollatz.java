package io.eddy.examples.iteration;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.examples.ExampleMain;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.IterativeStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The Collatz sequences of the numbers {@code 1..n} as a streaming iteration (docs/iterations.md,
 * "Streaming iteration"): every number goes around the loop, one Collatz step per pass ({@code v/2}
 * if even, {@code 3v + 1} if odd), until it reaches 1; then {@code (number, steps)} leaves the loop.
 *
 * <pre>
 *   1..n --map--> (n, n, 0) --iterate--> keyBy(n) --step--> (n, next, steps + 1) --closeWith--┐
 *                                ▲                   \--value 1: side output "done"--> (n, steps)
 *                                └───────────────────────────── feedback ─────────────────────┘
 * </pre>
 *
 * Records go around asynchronously, each at its own pace (27 takes 111 steps, 32 five); the loop has
 * a max wait, so the job ends once the numbers ran out and nothing came back for it. {@link
 * #steps(long)} is the same computation in one thread.
 */
@Command(name = "streaming-collatz", mixinStandardHelpOptions = true,
        description = "Collatz steps of 1..n, each number going around a streaming loop until it reaches 1.")
public final class StreamingCollatz implements Callable<Integer> {

    static final TypeInfo<Tuple3<Long, Long, Integer>> STATE = new TypeHint<Tuple3<Long, Long, Integer>>() {}.getTypeInfo();
    static final OutputTag<Tuple2<Long, Integer>> DONE = new OutputTag<>("done", new TypeHint<Tuple2<Long, Integer>>() {}.getTypeInfo());

    @Option(names = "--numbers", defaultValue = "10000", description = "Compute the steps of 1..N (default: ${DEFAULT-VALUE}).")
    long numbers;

    @Option(names = "--max-wait", defaultValue = "2000", description = "The loop ends once no number came back for this many ms"
            + " after the input ended (default: ${DEFAULT-VALUE}).")
    long maxWaitMillis;

    @Option(names = "--output", paramLabel = "PATH", description = "Write the (number, steps) pairs here instead of printing them.")
    String output;

    @Option(names = "--parallelism", paramLabel = "P", description = "Parallel subtasks (default: the environment's).")
    Integer parallelism;

    public static void main(String[] args) throws Exception {
        ExampleMain.run(new StreamingCollatz(), args);
    }

    @Override
    public Integer call() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (parallelism != null) {
            env.setParallelism(parallelism);
        }
        DataStream<Tuple2<Long, Integer>> steps = build(env.fromSequence(1, numbers), maxWaitMillis);
        if (output != null) {
            steps.writeAsText(output, WriteMode.OVERWRITE);
        } else {
            steps.print();
        }
        env.execute("Streaming Collatz");
        return 0;
    }

    /** The loop over {@code numbers}: one {@code (number, steps to 1)} per number, in no particular order. */
    public static DataStream<Tuple2<Long, Integer>> build(DataStream<Long> numbers, long maxWaitMillis) {
        IterativeStream<Tuple3<Long, Long, Integer>> loop = numbers.map(new Start()).returns(STATE).name("start")
                .iterate(maxWaitMillis);
        SingleOutputStreamOperator<Tuple3<Long, Long, Integer>> step = loop.keyBy(new Number(), Types.LONG).process(new Step())
                .returns(STATE).name("collatz step");
        loop.closeWith(step);
        return step.getSideOutput(DONE);
    }

    /** The steps from {@code n} to 1, counted in one thread. */
    public static int steps(long n) {
        int steps = 0;
        for (long v = n; v != 1; v = next(v)) {
            steps++;
        }
        return steps;
    }

    static long next(long v) {
        return v % 2 == 0 ? v / 2 : 3 * v + 1;
    }

    /** {@code (n, n, 0)}: number, current value, steps so far. */
    static final class Start implements MapFunction<Long, Tuple3<Long, Long, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple3<Long, Long, Integer> map(Long n) {
            return Tuple3.of(n, n, 0);
        }
    }

    static final class Number implements KeySelector<Tuple3<Long, Long, Integer>, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public Long getKey(Tuple3<Long, Long, Integer> state) {
            return state.f0;
        }
    }

    /** A value of 1 leaves the loop with its steps; any other takes one step and goes around again. */
    static final class Step extends KeyedProcessFunction<Long, Tuple3<Long, Long, Integer>, Tuple3<Long, Long, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(Tuple3<Long, Long, Integer> state, Context ctx, Collector<Tuple3<Long, Long, Integer>> out) {
            if (state.f1 == 1) {
                ctx.output(DONE, Tuple2.of(state.f0, state.f2));
            } else {
                out.collect(Tuple3.of(state.f0, next(state.f1), state.f2 + 1));
            }
        }
    }
}
