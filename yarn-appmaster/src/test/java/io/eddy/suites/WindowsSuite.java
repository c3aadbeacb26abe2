package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.eventtime.WatermarkGenerator;
import io.eddy.api.common.eventtime.WatermarkOutput;
import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.CoGroupFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.EventTimeOptions;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.SingleOutputStreamOperator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.streaming.api.functions.windowing.AllWindowFunction;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.functions.windowing.WindowFunction;
import io.eddy.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import io.eddy.testkit.deployment.TestDeployment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Windows end to end, each checked against a straightforward computation over the same random,
 * out-of-order events: tumbling and sliding event-time windows, sessions, count windows, windowAll,
 * window join and coGroup, and late data to a side output. Written once and run on every deployment
 * (nested in {@code SuitesOnEmbeddedITCase}, {@code SuitesOnProcessesITCase}, {@code
 * SuitesOnYarnITCase}); the results come back to the client through {@code executeAndCollect}.
 */
public abstract class WindowsSuite {

    static final int EVENTS = 2_000;
    /** Events are at most this far behind the highest timestamp before them (per source subtask). */
    static final long DISORDER = 30;

    /** An event: key, event time (even), value. */
    public record Event(String key, long time, int value) {}

    /** The events of source subtask {@code subtask} of stream {@code seed}: timestamps rise by 4 per event, with jitter. */
    static List<Event> events(int seed, int subtask) {
        Random random = new Random(1000L * seed + subtask);
        List<Event> events = new ArrayList<>();
        for (int j = 0; j < EVENTS; j++) {
            long time = 2 * (2L * j + random.nextInt((int) DISORDER / 2 + 1));
            events.add(new Event("k" + random.nextInt(5), time, random.nextInt(100)));
        }
        return events;
    }

    static List<Event> allEvents(int seed, int parallelism) {
        List<Event> all = new ArrayList<>();
        for (int s = 0; s < parallelism; s++) {
            all.addAll(events(seed, s));
        }
        return all;
    }

    static final class EventSource extends RichParallelSourceFunction<Event> {
        private final int seed;
        private volatile boolean running = true;

        EventSource(int seed) {
            this.seed = seed;
        }

        @Override
        public void run(SourceContext<Event> ctx) {
            for (Event e : events(seed, getRuntimeContext().getIndexOfThisSubtask())) {
                if (!running) {
                    return;
                }
                ctx.collect(e);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Per record: the highest timestamp seen minus {@code bound} minus 1. */
    static final class PerRecordWatermarks implements WatermarkGenerator<Event> {
        private final long bound;
        private long max = Long.MIN_VALUE;

        PerRecordWatermarks(long bound) {
            this.bound = bound;
        }

        @Override
        public void onEvent(Event event, long eventTimestamp, WatermarkOutput output) {
            max = Math.max(max, eventTimestamp);
            output.emitWatermark(new Watermark(max - bound - 1));
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    /** The events of stream {@code seed} with timestamps and watermarks, both operators with {@code parallelism} (so the order of a subtask's events holds). */
    static DataStream<Event> source(StreamExecutionEnvironment env, int seed, int parallelism, long watermarkBound) {
        WatermarkStrategy<Event> strategy = () -> new PerRecordWatermarks(watermarkBound);
        return env.addSource(new EventSource(seed), Types.RECORD(Event.class)).setParallelism(parallelism)
                .assignTimestampsAndWatermarks(strategy.withTimestampAssigner((e, ts) -> e.time())).setParallelism(parallelism);
    }

    /** The deployment of the subclass: 2 workers of 2 slots (jobs of parallelism 2). */
    protected abstract TestDeployment deployment();

    StreamExecutionEnvironment env() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(2);
        env.getConfiguration().set(EventTimeOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        return env;
    }

    static List<String> collect(DataStream<String> stream) throws Exception {
        List<String> results = new ArrayList<>();
        try (CloseableIterator<String> it = stream.executeAndCollect()) {
            it.forEachRemaining(results::add);
        }
        return results;
    }

    static Map<String, Long> sorted(Map<String, Long> map) {
        return new TreeMap<>(map);
    }

    /** "key@start=sum" per key and window (the window function sees the reduced value). */
    static final class KeySum implements WindowFunction<Event, String, String, TimeWindow> {
        @Override
        public void apply(String key, TimeWindow window, Iterable<Event> input, Collector<String> out) {
            for (Event e : input) {
                out.collect(key + "@" + window.getStart() + "=" + e.value());
            }
        }
    }

    static Map<String, Long> parse(List<String> results) {
        Map<String, Long> map = new HashMap<>();
        for (String r : results) {
            int eq = r.lastIndexOf('=');
            Long previous = map.put(r.substring(0, eq), Long.parseLong(r.substring(eq + 1)));
            assertThat(previous).as("%s emitted twice", r.substring(0, eq)).isNull();
        }
        return sorted(map);
    }

    @Test
    void tumblingEventTimeReduceMatchesTheReference() throws Exception {
        StreamExecutionEnvironment env = env();
        List<String> results = collect(source(env, 1, 2, DISORDER).keyBy(Event::key, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .reduce((a, b) -> new Event(a.key(), Math.max(a.time(), b.time()), a.value() + b.value()), new KeySum()).returns(Types.STRING));
        Map<String, Long> expected = new HashMap<>();
        for (Event e : allEvents(1, 2)) {
            expected.merge(e.key() + "@" + Math.floorDiv(e.time(), 100) * 100, (long) e.value(), Long::sum);
        }
        assertThat(parse(results)).isEqualTo(sorted(expected));
    }

    /** Counts and sums a window's events: [count, sum]. */
    static final class CountSum implements AggregateFunction<Event, long[], String> {
        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Event value, long[] acc) {
            acc[0]++;
            acc[1] += value.value();
            return acc;
        }

        @Override
        public String getResult(long[] acc) {
            return acc[0] + "/" + acc[1];
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            a[0] += b[0];
            a[1] += b[1];
            return a;
        }
    }

    static final class Label extends ProcessWindowFunction<String, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<String> elements, Collector<String> out) {
            out.collect(key + "@" + context.window().getStart() + "=" + elements.iterator().next());
        }
    }

    @Test
    void slidingEventTimeAggregateMatchesTheReference() throws Exception {
        StreamExecutionEnvironment env = env();
        List<String> results = collect(source(env, 2, 2, DISORDER).keyBy(Event::key, Types.STRING)
                .window(SlidingEventTimeWindows.of(Duration.ofMillis(100), Duration.ofMillis(30))).aggregate(new CountSum(), new Label()));
        Map<String, long[]> expected = new TreeMap<>();
        for (Event e : allEvents(2, 2)) {
            for (long start = Math.floorDiv(e.time(), 30) * 30; start > e.time() - 100; start -= 30) {
                long[] acc = expected.computeIfAbsent(e.key() + "@" + start, k -> new long[2]);
                acc[0]++;
                acc[1] += e.value();
            }
        }
        Map<String, String> actual = new TreeMap<>();
        for (String r : results) {
            String[] kv = r.split("=");
            assertThat(actual.put(kv[0], kv[1])).as("%s emitted twice", kv[0]).isNull();
        }
        assertThat(actual).isEqualTo(expected.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, en -> en.getValue()[0] + "/" + en.getValue()[1], (a, b) -> a, TreeMap::new)));
    }

    /** "key@start-end=count,sum" of a session. */
    static final class Session extends ProcessWindowFunction<Event, String, String, TimeWindow> {
        @Override
        public void process(String key, Context context, Iterable<Event> elements, Collector<String> out) {
            long count = 0;
            long sum = 0;
            for (Event e : elements) {
                count++;
                sum += e.value();
            }
            out.collect(key + "@" + context.window().getStart() + "-" + context.window().getEnd() + "=" + count + "," + sum);
        }
    }

    @Test
    void eventTimeSessionsMatchTheReference() throws Exception {
        long gap = 25; // odd, timestamps even: no event lands exactly on a session's end
        StreamExecutionEnvironment env = env();
        List<String> results = collect(source(env, 3, 2, DISORDER).filter(e -> e.time() % 200 < 120)
                .keyBy(Event::key, Types.STRING).window(EventTimeSessionWindows.withGap(Duration.ofMillis(gap))).process(new Session()));
        Map<String, List<Event>> byKey = allEvents(3, 2).stream().filter(e -> e.time() % 200 < 120)
                .collect(Collectors.groupingBy(Event::key));
        List<String> expected = new ArrayList<>();
        byKey.forEach((key, list) -> {
            list.sort((a, b) -> Long.compare(a.time(), b.time()));
            long start = list.get(0).time();
            long max = start;
            long count = 0;
            long sum = 0;
            for (Event e : list) {
                if (e.time() > max + gap) {
                    expected.add(key + "@" + start + "-" + (max + gap) + "=" + count + "," + sum);
                    start = e.time();
                    count = 0;
                    sum = 0;
                }
                max = Math.max(max, e.time());
                count++;
                sum += e.value();
            }
            expected.add(key + "@" + start + "-" + (max + gap) + "=" + count + "," + sum);
        });
        assertThat(results).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(expected.size()).as("the data makes several sessions per key").isGreaterThan(5 * 10);
    }

    @Test
    void countWindowsMatchTheReferenceInArrivalOrder() throws Exception {
        StreamExecutionEnvironment env = env();
        List<String> results = collect(source(env, 4, 1, DISORDER).keyBy(Event::key, Types.STRING).countWindow(7)
                .apply((String key, GlobalWindow w, Iterable<Event> in, Collector<String> out) -> {
                    StringBuilder values = new StringBuilder(key);
                    in.forEach(e -> values.append(',').append(e.value()));
                    out.collect(values.toString());
                }).returns(Types.STRING));
        Map<String, List<Event>> byKey = events(4, 0).stream().collect(Collectors.groupingBy(Event::key));
        List<String> expected = new ArrayList<>();
        byKey.forEach((key, list) -> {
            for (int i = 0; i + 7 <= list.size(); i += 7) {
                StringBuilder values = new StringBuilder(key);
                list.subList(i, i + 7).forEach(e -> values.append(',').append(e.value()));
                expected.add(values.toString());
            }
        });
        assertThat(results).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void windowAllSeesTheWholeStreamInOneInstance() throws Exception {
        StreamExecutionEnvironment env = env();
        List<String> results = collect(source(env, 5, 2, DISORDER).windowAll(TumblingEventTimeWindows.of(Duration.ofMillis(250)))
                .apply((TimeWindow w, Iterable<Event> in, Collector<String> out) -> {
                    long sum = 0;
                    for (Event e : in) {
                        sum += e.value();
                    }
                    out.collect(w.getStart() + "=" + sum);
                }).returns(Types.STRING));
        Map<String, Long> expected = new HashMap<>();
        for (Event e : allEvents(5, 2)) {
            expected.merge(String.valueOf(Math.floorDiv(e.time(), 250) * 250), (long) e.value(), Long::sum);
        }
        assertThat(parse(results)).isEqualTo(sorted(expected));
    }

    @Test
    void windowJoinEmitsEveryPairOfAKeyAndWindow() throws Exception {
        StreamExecutionEnvironment env = env();
        DataStream<Event> left = source(env, 6, 2, DISORDER);
        DataStream<Event> right = source(env, 7, 1, DISORDER);
        List<String> results = collect(left.join(right).where(Event::key, Types.STRING).equalTo(Event::key, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(40)))
                .apply((a, b) -> a.key() + "@" + Math.floorDiv(a.time(), 40) * 40 + ":" + a.value() + "/" + b.value(), Types.STRING));
        List<String> expected = new ArrayList<>();
        List<Event> rights = allEvents(7, 1);
        for (Event a : allEvents(6, 2)) {
            for (Event b : rights) {
                long wa = Math.floorDiv(a.time(), 40);
                if (a.key().equals(b.key()) && wa == Math.floorDiv(b.time(), 40)) {
                    expected.add(a.key() + "@" + wa * 40 + ":" + a.value() + "/" + b.value());
                }
            }
        }
        assertThat(results).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(expected).hasSizeGreaterThan(1000);
    }

    static final class Sizes implements CoGroupFunction<Event, Event, String> {
        @Override
        public void coGroup(Iterable<Event> first, Iterable<Event> second, Collector<String> out) {
            Event any = first.iterator().hasNext() ? first.iterator().next() : second.iterator().next();
            long n1 = 0;
            long n2 = 0;
            for (Event e : first) {
                n1++;
            }
            for (Event e : second) {
                n2++;
            }
            out.collect(any.key() + "@" + Math.floorDiv(any.time(), 100) * 100 + "=" + (n1 * 100_000 + n2));
        }
    }

    @Test
    void windowCoGroupSeesBothSidesIncludingEmptyOnes() throws Exception {
        StreamExecutionEnvironment env = env();
        DataStream<Event> left = source(env, 8, 2, DISORDER);
        DataStream<Event> right = source(env, 9, 2, DISORDER).filter(e -> e.time() % 1000 < 500);
        List<String> results = collect(left.coGroup(right).where(Event::key, Types.STRING).equalTo(Event::key, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100))).apply(new Sizes()));
        Map<String, Long> expected = new HashMap<>();
        for (Event e : allEvents(8, 2)) {
            expected.merge(e.key() + "@" + Math.floorDiv(e.time(), 100) * 100, 100_000L, Long::sum);
        }
        for (Event e : allEvents(9, 2)) {
            if (e.time() % 1000 < 500) {
                expected.merge(e.key() + "@" + Math.floorDiv(e.time(), 100) * 100, 1L, Long::sum);
            }
        }
        assertThat(parse(results)).isEqualTo(sorted(expected));
    }

    @Test
    void lateDataGoesToTheSideOutputAndAllowedLatenessUpdatesResults() throws Exception {
        long size = 50;
        long lateness = 6;
        long bound = 6; // much less than the disorder: many events are behind the watermark
        StreamExecutionEnvironment env = env();
        OutputTag<Event> late = new OutputTag<>("late", Types.RECORD(Event.class));
        SingleOutputStreamOperator<String> sums = source(env, 10, 1, bound).keyBy(Event::key, Types.STRING)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(size))).allowedLateness(Duration.ofMillis(lateness))
                .sideOutputLateData(late)
                .reduce((a, b) -> new Event(a.key(), a.time(), a.value() + b.value()), new KeySum()).returns(Types.STRING);
        DataStream<String> lateEvents = sums.getSideOutput(late).map(e -> "LATE " + e).returns(Types.STRING);
        List<String> results = collect(sums.union(lateEvents));

        // The reference: one source subtask, so each event meets the watermark of the events before it.
        long watermark = Long.MIN_VALUE;
        long max = Long.MIN_VALUE;
        Map<String, Long> expectedFinal = new HashMap<>();
        List<String> expectedLate = new ArrayList<>();
        for (Event e : events(10, 0)) {
            long windowStart = Math.floorDiv(e.time(), size) * size;
            if (windowStart + size - 1 + lateness <= watermark) {
                expectedLate.add("LATE " + e);
            } else {
                expectedFinal.merge(e.key() + "@" + windowStart, (long) e.value(), Long::sum);
            }
            max = Math.max(max, e.time());
            watermark = max - bound - 1;
        }
        List<String> lateActual = results.stream().filter(r -> r.startsWith("LATE ")).toList();
        assertThat(lateActual).containsExactlyInAnyOrderElementsOf(expectedLate);
        assertThat(expectedLate).as("the data has late events").hasSizeGreaterThan(5);
        Map<String, Long> lastPerWindow = new HashMap<>();
        long refirings = 0;
        for (String r : results) {
            if (!r.startsWith("LATE ")) {
                int eq = r.lastIndexOf('=');
                if (lastPerWindow.put(r.substring(0, eq), Long.parseLong(r.substring(eq + 1))) != null) {
                    refirings++;
                }
            }
        }
        assertThat(sorted(lastPerWindow)).isEqualTo(sorted(expectedFinal));
        assertThat(refirings).as("late events within the allowed lateness fire their window again").isGreaterThan(0);
    }
}
