package io.eddy.runtime.operators.windowing;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.OperatorTestHarness;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.KeyedStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import io.eddy.streaming.api.windowing.assigners.SlidingEventTimeWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.eddy.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import io.eddy.streaming.api.windowing.triggers.DeltaTrigger;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.triggers.TriggerResult;
import io.eddy.streaming.api.windowing.windows.GlobalWindow;
import io.eddy.streaming.api.windowing.windows.TimeWindow;
import io.eddy.streaming.api.windowing.windows.Window;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The window operator on the operator harness, with descriptors built by the real DataStream API:
 * event time with out-of-order input and lateness, processing time through the harness's timer
 * service, counts, sessions, evictors, window state.
 */
class WindowOperatorTest {

    static final TypeInfo<Tuple2<String, Long>> TYPE = new TypeHint<Tuple2<String, Long>>() {}.getTypeInfo();
    static final OutputTag<Tuple2<String, Long>> LATE = new OutputTag<>("late", TYPE);

    static final class ByWord implements KeySelector<Tuple2<String, Long>, String> {
        @Override
        public String getKey(Tuple2<String, Long> value) {
            return value.f0;
        }
    }

    static final class Sum implements ReduceFunction<Tuple2<String, Long>> {
        @Override
        public Tuple2<String, Long> reduce(Tuple2<String, Long> a, Tuple2<String, Long> b) {
            return Tuple2.of(a.f0, a.f1 + b.f1);
        }
    }

    /** Emits "key window [values] firing#n" and counts firings per window in window state. */
    static final class Describe<W extends Window> extends ProcessWindowFunction<Tuple2<String, Long>, String, String, W> {
        private final ValueStateDescriptor<Integer> firings = new ValueStateDescriptor<>("firings", Types.INT);

        @Override
        public void process(String key, Context context, Iterable<Tuple2<String, Long>> elements, Collector<String> out) throws Exception {
            List<Long> values = new ArrayList<>();
            elements.forEach(e -> values.add(e.f1));
            ValueState<Integer> n = context.windowState().getState(firings);
            n.update(n.value() == null ? 1 : n.value() + 1);
            out.collect(key + " " + context.window() + " " + values + " #" + n.value());
        }

        @Override
        public void clear(Context context) {
            context.windowState().getState(firings).clear();
        }
    }

    static final class CountAggregate implements AggregateFunction<Tuple2<String, Long>, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Tuple2<String, Long> value, Long accumulator) {
            return accumulator + 1;
        }

        @Override
        public Long getResult(Long accumulator) {
            return accumulator;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** The descriptor of the window operator that {@code build} puts on a keyed stream, made by the DataStream API. */
    static OperatorDescriptor windowOf(Function<KeyedStream<Tuple2<String, Long>, String>, DataStream<?>> build) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        DataStream<?> result = build.apply(env.fromCollection(List.of(Tuple2.of("x", 0L)), TYPE).keyBy(new ByWord()));
        result.print();
        return env.getJobGraph("windows").vertices().stream().flatMap(v -> v.chain().stream())
                .filter(s -> s.kind().equals("window")).findFirst().orElseThrow()
                .descriptor(WindowOperatorTest.class.getClassLoader());
    }

    static StreamRecord<Tuple2<String, Long>> at(String key, long value, long timestamp) {
        return new StreamRecord<>(Tuple2.of(key, value), timestamp);
    }

    @Test
    void eventTimeWindowsFireAtTheWatermarkAndAgainForLateElementsWithinTheLateness() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).allowedLateness(Duration.ofMillis(5))
                .sideOutputLateData(LATE).reduce(new Sum()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).sideOutput("late").build().open()) {
            h.process(0, at("a", 1, 8)).process(0, at("b", 5, 3)).process(0, at("a", 2, 1)).process(0, at("a", 3, 12));
            assertThat(h.<Tuple2<String, Long>>output()).isEmpty();
            h.processWatermark(0, 9);
            assertThat(h.<Tuple2<String, Long>>records(0)).containsExactlyInAnyOrder(new StreamRecord<>(Tuple2.of("a", 3L), 9),
                    new StreamRecord<>(Tuple2.of("b", 5L), 9));
            h.clearOutputs();
            h.process(0, at("a", 10, 2)); // late for [0, 10), but within the lateness: fires again
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 13L));
            h.processWatermark(0, 14); // [0, 10) is removed: end 9 + lateness 5
            h.process(0, at("a", 100, 5)).process(0, at("b", 7, 9));
            assertThat(h.<Tuple2<String, Long>>sideOutput("late")).containsExactly(Tuple2.of("a", 100L), Tuple2.of("b", 7L));
            h.processWatermark(0, 19);
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 13L), Tuple2.of("a", 3L));
            assertThat(h.marks(0)).extracting(Object::toString).last().asString().contains("19");
        }
    }

    @Test
    void lateElementsWithoutASideOutputAreCounted() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(TumblingEventTimeWindows.of(Duration.ofMillis(10))).reduce(new Sum()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).name("Win").build().open()) {
            h.processWatermark(0, 20).process(0, at("a", 1, 5)).process(0, at("a", 1, 19)).process(0, at("a", 1, 20));
            Accumulator<?, ?> dropped = h.accumulators().get("Win.numLateRecordsDropped");
            assertThat(dropped).isNotNull();
            assertThat(dropped.getLocalValue()).isEqualTo(2L);
            h.processWatermark(0, 29);
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 1L));
        }
    }

    @Test
    void slidingWindowsEmitEveryWindowAnElementIsIn() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(SlidingEventTimeWindows.of(Duration.ofMillis(10), Duration.ofMillis(5)))
                .aggregate(new CountAggregate()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(0, at("a", 0, 3)).process(0, at("a", 0, 7)).process(0, at("a", 0, 12));
            h.processWatermark(0, 100);
            // windows [-5,5): 1, [0,10): 2, [5,15): 2, [10,20): 1
            assertThat(h.<StreamRecord<Long>>records(0)).extracting(r -> r.getTimestamp() + "=" + r.getValue())
                    .containsExactly("4=1", "9=2", "14=2", "19=1");
        }
    }

    @Test
    void processingTimeWindowsFireOnTheTimerService() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(TumblingProcessingTimeWindows.of(Duration.ofMillis(100))).process(new Describe<>()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            // the harness clock starts at 1_000_000: the window is [1_000_000, 1_000_100)
            h.process(Tuple2.of("a", 1L)).process(Tuple2.of("a", 2L)).advanceTime(50).process(Tuple2.of("b", 3L));
            assertThat(h.<String>output()).isEmpty();
            h.advanceTime(50);
            assertThat(h.<String>output()).containsExactlyInAnyOrder("a TimeWindow[1000000, 1000100) [1, 2] #1",
                    "b TimeWindow[1000000, 1000100) [3] #1");
            h.process(Tuple2.of("a", 4L)).advanceTime(100);
            assertThat(h.<String>output()).hasSize(3).last().isEqualTo("a TimeWindow[1000100, 1000200) [4] #1");
        }
    }

    @Test
    void countWindowsFireAndPurgeEveryNElementsPerKey() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.countWindow(3).reduce(new Sum()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            for (int i = 1; i <= 7; i++) {
                h.process(Tuple2.of("a", (long) i));
                h.process(Tuple2.of("b", 10L * i));
            }
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 6L), Tuple2.of("b", 60L), Tuple2.of("a", 15L),
                    Tuple2.of("b", 150L));
        }
    }

    @Test
    void slidingCountWindowsEvictAllButTheLastElements() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.countWindow(3, 2).reduce(new Sum()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            for (long i = 1; i <= 6; i++) {
                h.process(Tuple2.of("a", i));
            }
            // fires after 2, 4, 6 elements over the last 3: 1+2, 2+3+4, 4+5+6
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 3L), Tuple2.of("a", 9L), Tuple2.of("a", 15L));
        }
    }

    @Test
    void sessionsMergeContentsAndFireOnceTheGapHasPassed() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(EventTimeSessionWindows.withGap(Duration.ofMillis(10))).process(new Describe<>()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(0, at("a", 1, 0)).process(0, at("a", 2, 30)).process(0, at("a", 3, 12)).process(0, at("b", 9, 5));
            h.process(0, at("a", 4, 8)); // [8, 18) bridges [0, 10) and [12, 22) into [0, 22)
            h.processWatermark(0, 14);
            assertThat(h.<String>output()).containsExactly("b TimeWindow[5, 15) [9] #1");
            h.processWatermark(0, 25);
            assertThat(h.<String>output()).containsExactly("b TimeWindow[5, 15) [9] #1", "a TimeWindow[0, 22) [1, 3, 4] #1");
            h.processWatermark(0, 100);
            assertThat(h.<String>output()).hasSize(3).last().isEqualTo("a TimeWindow[30, 40) [2] #1");
            h.process(0, at("a", 5, 100)).processWatermark(0, 200);
            assertThat(h.<String>output()).last().isEqualTo("a TimeWindow[100, 110) [5] #1");
        }
    }

    @Test
    void deltaTriggerFiresWhenTheValueMovesFarEnough() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create())
                .trigger(DeltaTrigger.<Tuple2<String, Long>, GlobalWindow>of(5.0, (a, b) -> b.f1 - a.f1, TYPE)).process(new Describe<>()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            for (long v : new long[] {1, 3, 6, 7, 12, 13}) {
                h.process(Tuple2.of("a", v));
            }
            assertThat(h.<String>output()).containsExactly("a GlobalWindow [1, 3, 6, 7] #1", "a GlobalWindow [1, 3, 6, 7, 12, 13] #2");
        }
    }

    @Test
    void processingTimeSessionsMergeAndFireOnTheClock() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(ProcessingTimeSessionWindows.withGap(Duration.ofMillis(100))).process(new Describe<>()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(Tuple2.of("a", 1L)).advanceTime(50).process(Tuple2.of("a", 2L)).advanceTime(98);
            assertThat(h.<String>output()).isEmpty();
            h.advanceTime(1);
            assertThat(h.<String>output()).containsExactly("a TimeWindow[1000000, 1000150) [1, 2] #1");
            assertThat(h.timers().pendingDueTimes()).isEmpty();
        }
    }

    /** A custom trigger: fires and purges the global window at each element with value 0 (a punctuation). */
    static final class Punctuation extends Trigger<Tuple2<String, Long>, GlobalWindow> {
        @Override
        public TriggerResult onElement(Tuple2<String, Long> element, long timestamp, GlobalWindow window, TriggerContext ctx) {
            return element.f1 == 0 ? TriggerResult.FIRE_AND_PURGE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(GlobalWindow window, TriggerContext ctx) {}
    }

    @Test
    void customTriggersDecideWhenToFire() throws Exception {
        OperatorDescriptor d = windowOf(k -> k.window(io.eddy.streaming.api.windowing.assigners.GlobalWindows.create()).trigger(new Punctuation())
                .reduce(new Sum()));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            for (long v : new long[] {4, 5, 0, 7, 0, 0, 1}) {
                h.process(Tuple2.of("a", v));
            }
            assertThat(h.<Tuple2<String, Long>>output()).containsExactly(Tuple2.of("a", 9L), Tuple2.of("a", 7L), Tuple2.of("a", 0L));
        }
    }
}
