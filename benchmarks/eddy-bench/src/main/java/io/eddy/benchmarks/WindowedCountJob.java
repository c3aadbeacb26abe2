package io.eddy.benchmarks;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.benchmarks.data.WindowedCountEvents;
import io.eddy.api.common.JobExecutionResult;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;

/**
 * Eddy's side of the windowed count benchmark: {@link WindowedCountEvents} as (key, timestamp, 1)
 * tuples, keyed by key, counted in tumbling one-second event-time windows with an incremental
 * reduce — the same job as {@code FlinkWindowBench}.
 */
final class WindowedCountJob {

    static final String COUNTED = "counted";
    static final String RESULTS = "results";
    private static final TypeInfo<Tuple3<Integer, Long, Long>> EVENT = Types.TUPLE(Types.INT, Types.LONG, Types.LONG);

    private WindowedCountJob() {}

    /** What one run found. */
    record Outcome(long events, long counted, long results, long netRuntimeMillis) {
        double seconds() {
            return Math.max(0.001, netRuntimeMillis / 1000.0);
        }

        double rate() {
            return events / seconds();
        }
    }

    static Outcome run(StreamExecutionEnvironment env, long events, int keys, int eventsPerMilli) throws Exception {
        env.addSource(new Source(events, keys, eventsPerMilli), "windowed count source", EVENT)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Tuple3<Integer, Long, Long>>forMonotonousTimestamps()
                        .withTimestampAssigner((event, previous) -> event.f1))
                .keyBy(event -> event.f0, Types.INT)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(WindowedCountEvents.WINDOW_MILLIS)))
                .reduce((a, b) -> Tuple3.of(a.f0, a.f1, a.f2 + b.f2))
                .name("window count")
                .addSink(new CountingSink())
                .name("result counter");
        JobExecutionResult result = env.execute("windowed-count");
        return new Outcome(events, longValue(result.getAccumulatorResult(COUNTED)), longValue(result.getAccumulatorResult(RESULTS)),
                result.getNetRuntime());
    }

    private static long longValue(Object accumulator) {
        return accumulator == null ? 0 : ((Number) accumulator).longValue();
    }

    /** Emits its subtask's share of the events as (key, timestamp, 1). Source thread; {@link #cancel} from any. */
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
            int subtask = getRuntimeContext().getIndexOfThisSubtask();
            int p = getRuntimeContext().getNumberOfParallelSubtasks();
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
        public void open() {
            counted = getRuntimeContext().getLongCounter(COUNTED);
            results = getRuntimeContext().getLongCounter(RESULTS);
        }

        @Override
        public void invoke(Tuple3<Integer, Long, Long> value) {
            counted.add(value.f2);
            results.add(1L);
        }
    }
}
