package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.common.eventtime.WatermarkGenerator;
import io.eddy.api.common.eventtime.WatermarkOutput;
import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.TimeDomain;
import io.eddy.streaming.api.functions.KeyedProcessFunction;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Timers in keyed process functions, current times in process functions, and the timestamps/watermarks operator. */
class EventTimeOperatorsTest {

    static final KeySelector<String, String> FIRST_LETTER = s -> s.substring(0, 1);

    static OperatorDescriptor keyedProcess(KeyedProcessFunction<String, String, String> fn) {
        return OperatorDescriptor.builder(OperatorKinds.KEYED_PROCESS).userFunction(fn).keySelector(FIRST_LETTER).keyType(Types.STRING)
                .inputType(Types.STRING).outputType(Types.STRING).build();
    }

    /** Counts words per first letter and emits the count 10 ms (event time) after the key's first word. */
    static final class CountAfterTen extends KeyedProcessFunction<String, String, String> {
        private transient ValueState<Integer> count;

        @Override
        public void open() {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.INT));
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            Integer c = count.value();
            count.update(c == null ? 1 : c + 1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + 10);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            out.collect(ctx.getCurrentKey() + "=" + count.value() + " @" + timestamp + " " + ctx.timeDomain() + " wm="
                    + ctx.timerService().currentWatermark());
            count.clear();
        }
    }

    @Test
    void eventTimeTimersFireWithTheirKeysStateBeforeTheWatermarkIsForwarded() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new CountAfterTen())).build().open()) {
            h.process(0, new StreamRecord<>("apple", 100)).process(0, new StreamRecord<>("banana", 105))
                    .process(0, new StreamRecord<>("avocado", 100)); // same timer (a, 110): kept once
            h.processWatermark(0, 109);
            assertThat(h.<String>output()).isEmpty();

            h.processWatermark(0, 112);
            assertThat(h.sequence()).containsExactly(
                    new io.eddy.runtime.streamrecord.Watermark(109),
                    "a=2 @110 EVENT_TIME wm=112",
                    new io.eddy.runtime.streamrecord.Watermark(112));
            assertThat(h.records(0)).extracting(StreamRecord::getTimestamp).containsExactly(110L);

            h.processWatermark(0, Long.MAX_VALUE);
            assertThat(h.<String>output()).containsExactly("a=2 @110 EVENT_TIME wm=112", "b=1 @115 EVENT_TIME wm=" + Long.MAX_VALUE);
        }
    }

    /** Emits each word once the processing time passed 50 ms after it arrived; a second word of the key before that resets the timer. */
    static final class Debounce extends KeyedProcessFunction<String, String, String> {
        private transient ValueState<Long> due;
        private transient ValueState<String> last;

        @Override
        public void open() {
            due = getRuntimeContext().getState(new ValueStateDescriptor<>("due", Types.LONG));
            last = getRuntimeContext().getState(new ValueStateDescriptor<>("last", Types.STRING));
        }

        @Override
        public void processElement(String value, Context ctx, Collector<String> out) throws Exception {
            Long previous = due.value();
            if (previous != null) {
                ctx.timerService().deleteProcessingTimeTimer(previous);
            }
            long time = ctx.timerService().currentProcessingTime() + 50;
            ctx.timerService().registerProcessingTimeTimer(time);
            due.update(time);
            last.update(value);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) throws Exception {
            assertThat(ctx.timeDomain()).isEqualTo(TimeDomain.PROCESSING_TIME);
            out.collect(last.value() + "@" + timestamp);
            due.clear();
        }
    }

    @Test
    void processingTimeTimersFireAsTheClockAdvancesAndDeletedOnesDoNot() throws Exception {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(keyedProcess(new Debounce())).build().open()) {
            long start = h.timers().currentTimeMillis();
            h.process("apple");
            h.advanceTime(30);
            h.process("apricot").process("banana");
            h.advanceTime(49);
            assertThat(h.<String>output()).isEmpty();
            h.advanceTime(1);
            assertThat(h.<String>output()).containsExactly("apricot@" + (start + 80), "banana@" + (start + 80));
            h.advanceTime(1_000);
            assertThat(h.<String>output()).hasSize(2);
        }
    }

    /** Emits each value with the current times; "timer" tries to set one. */
    static final class CurrentTimes extends ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            if (value.equals("timer")) {
                ctx.timerService().registerEventTimeTimer(5);
            }
            out.collect(value + " wm=" + ctx.timerService().currentWatermark() + " now=" + ctx.timerService().currentProcessingTime());
        }
    }

    @Test
    void aProcessFunctionSeesTheCurrentTimesButCannotSetTimers() {
        ProcessFunction<String, String> fn = new CurrentTimes();
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.PROCESS).userFunction(fn).inputType(Types.STRING)
                .outputType(Types.STRING).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            long now = h.timers().currentTimeMillis();
            h.process("a").processWatermark(0, 42).process("b");
            assertThat(h.<String>output()).containsExactly("a wm=" + Long.MIN_VALUE + " now=" + now, "b wm=42 now=" + now);
            assertThat(h.marks(0)).containsExactly(new io.eddy.runtime.streamrecord.Watermark(42));
            assertThatThrownBy(() -> h.process("timer"))
                    .hasRootCauseInstanceOf(UnsupportedOperationException.class)
                    .rootCause().hasMessageContaining("keyBy(...).process(KeyedProcessFunction)");
        }
    }

    static OperatorDescriptor timestampsAndWatermarks(WatermarkStrategy<String> strategy, long interval) {
        return OperatorDescriptor.builder(new OperatorKinds.TimestampsAndWatermarks(strategy, interval)).inputType(Types.STRING)
                .outputType(Types.STRING).build();
    }

    @Test
    void assignsTimestampsAndEmitsPeriodicWatermarksOnlyWhenTheyAdvance() throws Exception {
        WatermarkStrategy<String> strategy = WatermarkStrategy.<String>forBoundedOutOfOrderness(Duration.ofMillis(10))
                .withTimestampAssigner((s, ts) -> Long.parseLong(s));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(timestampsAndWatermarks(strategy, 100)).build().open()) {
            h.process("1000").process("1020").process("1005");
            assertThat(h.records(0)).extracting(StreamRecord::getTimestamp).containsExactly(1000L, 1020L, 1005L);
            assertThat(h.marks(0)).isEmpty();

            h.advanceTime(100);
            assertThat(h.marks(0)).containsExactly(new io.eddy.runtime.streamrecord.Watermark(1009));
            h.advanceTime(100); // no new record: the same watermark is not emitted again
            assertThat(h.marks(0)).hasSize(1);

            h.processWatermark(0, 5_000); // from upstream: dropped
            h.process("1100");
            h.advanceTime(100);
            h.processWatermark(0, Long.MAX_VALUE); // end of input: forwarded
            assertThat(h.marks(0)).containsExactly(new io.eddy.runtime.streamrecord.Watermark(1009),
                    new io.eddy.runtime.streamrecord.Watermark(1089), io.eddy.runtime.streamrecord.Watermark.MAX_WATERMARK);
        }
    }

    /** Punctuated: a watermark after every record that ends with '!'. */
    static final class Punctuated implements WatermarkGenerator<String> {
        @Override
        public void onEvent(String event, long eventTimestamp, WatermarkOutput output) {
            if (event.endsWith("!")) {
                output.emitWatermark(new Watermark(eventTimestamp));
            }
        }

        @Override
        public void onPeriodicEmit(WatermarkOutput output) {}
    }

    @Test
    void aPerRecordGeneratorEmitsRightAfterItsRecordAndIdlenessIsForwarded() throws Exception {
        WatermarkStrategy<String> strategy = ((WatermarkStrategy<String>) Punctuated::new)
                .withTimestampAssigner((s, ts) -> s.length())
                .withIdleness(Duration.ofMillis(1));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(timestampsAndWatermarks(strategy, 0)).build().open()) {
            h.process("ab").process("abcd!").process("abc");
            assertThat(h.sequence()).containsExactly("ab", "abcd!", new io.eddy.runtime.streamrecord.Watermark(5), "abc");
        }
        WatermarkStrategy<String> quiet = WatermarkStrategy.<String>forMonotonousTimestamps().withIdleness(Duration.ofMillis(1));
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(timestampsAndWatermarks(quiet, 10)).build().open()) {
            h.process(0, new StreamRecord<>("x", 7));
            awaitIdle(h);
            h.process(0, new StreamRecord<>("y", 9));
            List<Object> sequence = h.sequence();
            assertThat(sequence).endsWith(WatermarkStatus.IDLE, WatermarkStatus.ACTIVE, "y");
        }
    }

    /** Emits records, watermarks and idleness the way a source that assigns its own event time does. */
    static final class WatermarkingSource implements SourceFunction<String> {
        @Override
        public void run(SourceContext<String> ctx) {
            ctx.collectWithTimestamp("a", 1);
            ctx.emitWatermark(new Watermark(1));
            ctx.markAsTemporarilyIdle();
            ctx.markAsTemporarilyIdle();
            ctx.collectWithTimestamp("b", 7);
            ctx.emitWatermark(new Watermark(6));
            ctx.emitWatermark(new Watermark(3)); // goes back: dropped
            ctx.markAsTemporarilyIdle();
            ctx.emitWatermark(new Watermark(9));
        }

        @Override
        public void cancel() {}
    }

    @Test
    void aSourceEmitsWatermarksAndIdlenessAndTheFinalWatermarkWhenItEnds() {
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new WatermarkingSource())
                .outputType(Types.STRING).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.runSource().finish();
            assertThat(h.sequence()).containsExactly("a", new io.eddy.runtime.streamrecord.Watermark(1), WatermarkStatus.IDLE,
                    WatermarkStatus.ACTIVE, "b", new io.eddy.runtime.streamrecord.Watermark(6), WatermarkStatus.IDLE,
                    WatermarkStatus.ACTIVE, new io.eddy.runtime.streamrecord.Watermark(9),
                    io.eddy.runtime.streamrecord.Watermark.MAX_WATERMARK);
        }
    }

    /** Runs periodic emits until the idleness wrapper (on the real nano clock, 1 ms timeout) marks the output idle. */
    private static void awaitIdle(OperatorTestHarness h) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!h.marks(0).contains(WatermarkStatus.IDLE)) {
            assertThat(System.nanoTime()).as("the output never became idle").isLessThan(deadline);
            h.advanceTime(10);
            Thread.onSpinWait();
        }
    }
}
