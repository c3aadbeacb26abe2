package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.functions.Collector;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.ProcessFunction;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BasicOperatorsTest {

    static OperatorDescriptor oneInput(OperatorKind kind, io.eddy.api.common.functions.Function function) {
        return OperatorDescriptor.builder(kind).userFunction(function).inputType(Types.INT).outputType(Types.INT).build();
    }

    @Test
    void mapTransformsEachRecordAndKeepsItsTimestamp() {
        MapFunction<Integer, Integer> square = v -> v * v;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(oneInput(OperatorKinds.MAP, square)).name("Map").build().open()) {
            h.process(3).process(4, 77L);
            assertThat(h.records(0)).containsExactly(new StreamRecord<>(9), new StreamRecord<>(16, 77L));
        }
    }

    @Test
    void flatMapEmitsZeroOrMoreValuesPerRecord() {
        FlatMapFunction<Integer, Integer> repeat = (v, out) -> {
            for (int i = 0; i < v; i++) {
                out.collect(v);
            }
        };
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(oneInput(OperatorKinds.FLAT_MAP, repeat)).build().open()) {
            h.process(0).process(2, 5L).process(1);
            assertThat(h.output()).containsExactly(2, 2, 1);
            assertThat(h.records(0).get(0).getTimestamp()).isEqualTo(5L);
            assertThat(h.records(0).get(2).hasTimestamp()).isFalse();
        }
    }

    @Test
    void filterForwardsOnlyAcceptedRecords() {
        FilterFunction<Integer> even = v -> v % 2 == 0;
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(oneInput(OperatorKinds.FILTER, even)).build().open()) {
            h.processAll(List.of(1, 2, 3, 4, 5, 6));
            assertThat(h.output()).containsExactly(2, 4, 6);
        }
    }

    @Test
    void processFunctionSeesTimestampsAndEmitsToSideOutputs() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(oneInput(OperatorKinds.PROCESS, new OddToSide())).sideOutput("odd").build().open()) {
            h.process(2).process(3).process(4, 1000L).process(5, 7L);
            assertThat(h.output()).containsExactly(2, 1004);
            assertThat(h.sideOutput("odd")).containsExactly("odd 3", "odd 5");
            assertThat(h.records(1).get(1).getTimestamp()).isEqualTo(7L);
        }
    }

    @Test
    void sideOutputWithoutConsumerIsDropped() {
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(oneInput(OperatorKinds.PROCESS, new OddToSide())).build().open()) {
            h.process(1).process(2);
            assertThat(h.output()).containsExactly(2);
        }
    }

    @Test
    void sinkReceivesEachValueWithItsTimestamp() {
        RecordingSink sink = new RecordingSink();
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(sink).inputType(Types.INT).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.process(1).process(2, 42L);
            RecordingSink shipped = h.userFunction(0);
            assertThat(shipped.seen).containsExactly("1@null", "2@42");
        }
    }

    @Test
    void sourceEmitsWithAndWithoutTimestampsAndLeavesMailsToTheTaskThread() {
        OperatorDescriptor d = OperatorDescriptor.builder(OperatorKinds.SOURCE).userFunction(new ThreeRecords()).outputType(Types.INT).build();
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).build().open()) {
            h.mailbox().add(() -> { });
            h.mailbox().add(() -> { });
            h.runSource();
            assertThat(h.records(0)).containsExactly(new StreamRecord<>(1), new StreamRecord<>(2, 20L), new StreamRecord<>(3));
            // The source runs on its own thread in a task; mails run on the task thread under the checkpoint lock, never inside collect().
            assertThat(h.mailbox().mailsRun()).isZero();
        }
    }

    /** Even values to the main output (plus the timestamp), odd ones to side output "odd". */
    static final class OddToSide extends ProcessFunction<Integer, Integer> {
        private static final long serialVersionUID = 1L;
        private static final OutputTag<String> ODD = new OutputTag<>("odd", Types.STRING);

        @Override
        public void processElement(Integer value, Context ctx, Collector<Integer> out) {
            if (value % 2 == 0) {
                out.collect(value + (ctx.timestamp() == null ? 0 : ctx.timestamp().intValue()));
            } else {
                ctx.output(ODD, "odd " + value);
            }
        }
    }

    static final class ThreeRecords implements SourceFunction<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void run(SourceContext<Integer> ctx) {
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(1);
            }
            ctx.collectWithTimestamp(2, 20L);
            ctx.collect(3);
        }

        @Override
        public void cancel() {}
    }

    /** Records what it receives; inspected through the harness after shipping. */
    static final class RecordingSink implements SinkFunction<Integer> {
        private static final long serialVersionUID = 1L;
        final List<String> seen = new ArrayList<>();

        @Override
        public void invoke(Integer value) {
            throw new AssertionError("the runtime must call invoke(value, context)");
        }

        @Override
        public void invoke(Integer value, Context context) {
            seen.add(value + "@" + context.timestamp());
        }
    }
}
