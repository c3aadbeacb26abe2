package io.eddy.benchmarks.flink;

import io.eddy.benchmarks.data.WindowedCountEvents;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.legacy.RichSinkFunction;
import org.apache.flink.streaming.api.functions.source.legacy.RichParallelSourceFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Flink's side of the windowed count benchmark: {@link WindowedCountEvents} as (key, timestamp, 1)
 * tuples, keyed by key, counted in tumbling one-second event-time windows with an incremental reduce.
 * Prints one {@code RESULT} line; exits with 1 if the window counts do not add up to the events.
 */
@Command(name = "flink-window-bench", mixinStandardHelpOptions = true,
        description = "Runs the windowed count job on Apache Flink and prints a RESULT line.")
public final class FlinkWindowBench implements Callable<Integer> {

    static final String COUNTED = "counted";
    static final String RESULTS = "results";

    @Option(names = "--events", description = "Events in total (default: ${DEFAULT-VALUE}).", defaultValue = "20000000")
    long events;

    @Option(names = "--parallelism", description = "Parallel subtasks (default: ${DEFAULT-VALUE}).", defaultValue = "2")
    int parallelism;

    @Option(names = "--keys", description = "Distinct keys (default: ${DEFAULT-VALUE}).", defaultValue = "100000")
    int keys;

    @Option(names = "--events-per-milli", description = "Events per millisecond of event time (default: ${DEFAULT-VALUE}).",
            defaultValue = "1000")
    int eventsPerMilli;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FlinkWindowBench()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(parallelism);
        env.addSource(new Source(events, keys, eventsPerMilli), "windowed count source")
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<Integer, Long, Long>>forMonotonousTimestamps()
                        .withTimestampAssigner((event, previous) -> event.f1))
                .keyBy(event -> event.f0)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(WindowedCountEvents.WINDOW_MILLIS)))
                .reduce((a, b) -> Tuple3.of(a.f0, a.f1, a.f2 + b.f2))
                .name("window count")
                .addSink(new CountingSink())
                .name("result counter");
        JobExecutionResult result = FlinkMiniClusters.run(env, FlinkMiniClusters.Shape.EMBEDDED, "windowed-count");
        long counted = ((Number) result.getAccumulatorResult(COUNTED)).longValue();
        long results = ((Number) result.getAccumulatorResult(RESULTS)).longValue();
        double seconds = Math.max(0.001, result.getNetRuntime() / 1000.0);
        System.out.printf(Locale.ROOT, "RESULT name=windowed-count system=flink rate=%.0f events=%d parallelism=%d seconds=%.2f keys=%d "
                + "windows=%d results=%d%n", events / seconds, events, parallelism, seconds, keys,
                WindowedCountEvents.windows(events, eventsPerMilli), results);
        if (counted != events) {
            System.err.printf("flink-window-bench: the windows counted %d events of %d%n", counted, events);
            return 1;
        }
        return 0;
    }

    /** Emits its subtask's share of the events as (key, timestamp, 1). */
    static final class Source extends RichParallelSourceFunction<Tuple3<Integer, Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final long events;
        private final int keys;
        private final int eventsPerMilli;
        private volatile boolean running = true;

        Source(long events, int keys, int eventsPerMilli) {
            this.events = events;
            this.keys = keys;
            this.eventsPerMilli = eventsPerMilli;
        }

        @Override
        public void run(SourceContext<Tuple3<Integer, Long, Long>> ctx) {
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            int p = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
            for (long i = subtask; i < events && running; i += p) {
                ctx.collect(Tuple3.of(WindowedCountEvents.key(i, keys), WindowedCountEvents.timestamp(i, eventsPerMilli), 1L));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Adds up the counts of all window results and their number. */
    static final class CountingSink extends RichSinkFunction<Tuple3<Integer, Long, Long>> {
        private static final long serialVersionUID = 1L;
        private transient LongCounter counted;
        private transient LongCounter results;

        @Override
        public void open(OpenContext openContext) {
            counted = new LongCounter();
            results = new LongCounter();
            getRuntimeContext().addAccumulator(COUNTED, counted);
            getRuntimeContext().addAccumulator(RESULTS, results);
        }

        @Override
        public void invoke(Tuple3<Integer, Long, Long> value, Context context) {
            counted.add(value.f2);
            results.add(1);
        }
    }
}
