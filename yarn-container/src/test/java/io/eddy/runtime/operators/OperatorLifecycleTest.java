package io.eddy.runtime.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.functions.rich.RichMapFunction;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OperatorLifecycleTest {

    /** What the shipped copies of the test functions did, in order. */
    static final List<String> EVENTS = new CopyOnWriteArrayList<>();

    @BeforeEach
    void clearEvents() {
        EVENTS.clear();
    }

    private static JobVertex chainOf(String failOn) {
        OperatorDescriptor first = BasicOperatorsTest.oneInput(OperatorKinds.MAP, new Lifecycle("first", failOn));
        OperatorDescriptor second = BasicOperatorsTest.oneInput(OperatorKinds.MAP, new Lifecycle("second", failOn));
        OperatorDescriptor sink = OperatorDescriptor.builder(OperatorKinds.SINK).userFunction(new LifecycleSink()).inputType(Types.INT).build();
        return new JobVertex(new JobVertexId(3), "First -> Second -> Sink", 4, 128, List.of(
                OperatorTestHarness.spec("First", first, List.of(OperatorOutput.chained(1, 0))),
                OperatorTestHarness.spec("Second", second, List.of(OperatorOutput.chained(2, 0), OperatorOutput.network(0))),
                OperatorTestHarness.spec("Sink", sink, List.of())));
    }

    @Test
    void chainOpensTailFirstAndFinishesAndClosesHeadFirst() {
        OperatorTestHarness h = OperatorTestHarness.forChain(chainOf("never"), 1).subtask(1, 4, 128).build();
        h.open().process(5).finish().close();
        assertThat(EVENTS).containsExactly("sink open", "second open", "first open", "first 5", "second 6", "sink 7", "first close",
                "second close", "sink close");
        assertThat(h.<Integer>output()).containsExactly(7);
    }

    @Test
    void userExceptionNamesTheOperatorAndSubtaskAndClosesEveryOperatorOnFailure() {
        OperatorTestHarness h = OperatorTestHarness.forChain(chainOf("second"), 1).subtask(1, 4, 128).build().open();
        Throwable failure = catchFailure(() -> h.process(5));
        assertThat(failure).isInstanceOf(OperatorFailureException.class)
                .hasMessage("Operator 'Second (2/4)' failed while processing a record: second cannot take 6")
                .hasCauseInstanceOf(IllegalStateException.class);
        h.closeAfterFailure(failure);
        assertThat(EVENTS).endsWith("first close", "second close", "sink close");
        assertThat(failure.getSuppressed()).hasSize(1);
        assertThat(failure.getSuppressed()[0]).hasMessage("Operator 'Second (2/4)' failed in close(): second fails in close too");
    }

    @Test
    void failureInOpenClosesTheOperatorsThatWereOpened() {
        OperatorTestHarness h = OperatorTestHarness.forChain(chainOf("open"), 1).build();
        Throwable failure = catchFailure(h::open);
        assertThat(failure).hasMessage("Operator 'Second (1/1)' failed in open(): second cannot open");
        h.closeAfterFailure(failure);
        assertThat(EVENTS).containsExactly("sink open", "second open", "second close", "sink close");
    }

    @Test
    void runtimeContextDescribesTheSubtask() {
        OperatorDescriptor d = BasicOperatorsTest.oneInput(OperatorKinds.MAP, new ContextProbe());
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).name("Probe").subtask(2, 3, 12).attempt(4).build().open()) {
            h.process(1);
            assertThat(h.<String>output()).containsExactly("Probe (3/3)|Probe|2|3|12|4|true");
        }
    }

    @Test
    void accumulatorsAreRegisteredPerTaskAndDuplicatesAreRejected() {
        OperatorDescriptor d = BasicOperatorsTest.oneInput(OperatorKinds.MAP, new Counting());
        try (OperatorTestHarness h = OperatorTestHarness.forOperator(d).name("Counting").build().open()) {
            h.process(1).process(2).process(3);
            assertThat(h.accumulators()).containsOnlyKeys("seen", "sum");
            assertThat(((IntCounter) h.accumulators().get("seen")).get()).isEqualTo(3);
            assertThat(h.accumulators().get("sum").getLocalValue()).isEqualTo(6L);
            assertThat(h.<String>output()).last().isEqualTo("duplicate rejected: An accumulator named 'seen' is already registered");
        }
    }

    @Test
    void keyedStateOnANonKeyedOperatorSaysToCallKeyByFirst() {
        OperatorDescriptor d = BasicOperatorsTest.oneInput(OperatorKinds.MAP, new StateOnNonKeyed());
        OperatorTestHarness h = OperatorTestHarness.forOperator(d).name("Plain").build();
        assertThatThrownBy(h::open)
                .hasMessageContaining("Operator 'Plain (1/1)' failed in open()")
                .hasRootCauseInstanceOf(UnsupportedOperationException.class)
                .rootCause().hasMessageContaining("call keyBy(...) before this operator");
    }

    @Test
    void unknownKindNamesTheKindAndTheOperator() {
        OperatorDescriptor d = OperatorDescriptor.builder(new Hologram()).inputType(Types.INT).build();
        assertThatThrownBy(() -> OperatorTestHarness.forOperator(d).name("Windows").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No runtime operator for the kind 'hologram' (" + Hologram.class.getName() + ") of operator 'Windows'")
                .hasMessageContaining(OperatorKinds.Map.class.getName())
                .hasMessageContaining("META-INF/services");
    }

    private static Throwable catchFailure(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }

    /** Adds one; fails in processing/open/close when {@code failOn} names it (or "open"). */
    static final class Lifecycle extends RichMapFunction<Integer, Integer> {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final String failOn;

        Lifecycle(String name, String failOn) {
            this.name = name;
            this.failOn = failOn;
        }

        @Override
        public void open() {
            EVENTS.add(name + " open");
            if (failOn.equals("open") && name.equals("second")) {
                throw new IllegalStateException("second cannot open");
            }
        }

        @Override
        public Integer map(Integer value) {
            EVENTS.add(name + " " + value);
            if (failOn.equals(name)) {
                throw new IllegalStateException(name + " cannot take " + value);
            }
            return value + 1;
        }

        @Override
        public void close() {
            EVENTS.add(name + " close");
            if (failOn.equals(name)) {
                throw new IllegalStateException(name + " fails in close too");
            }
        }
    }

    static final class LifecycleSink extends RichSinkFunction<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open() {
            EVENTS.add("sink open");
        }

        @Override
        public void invoke(Integer value) {
            EVENTS.add("sink " + value);
        }

        @Override
        public void close() {
            EVENTS.add("sink close");
        }
    }

    static final class ContextProbe extends RichMapFunction<Integer, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(Integer value) {
            RuntimeContext c = getRuntimeContext();
            return c.getTaskName() + "|" + c.getOperatorName() + "|" + c.getIndexOfThisSubtask() + "|" + c.getNumberOfParallelSubtasks() + "|"
                    + c.getMaxNumberOfParallelSubtasks() + "|" + c.getAttemptNumber() + "|" + (c.getUserCodeClassLoader() != null);
        }
    }

    static final class Counting extends RichMapFunction<Integer, String> {
        private static final long serialVersionUID = 1L;
        private transient IntCounter seen;

        @Override
        public void open() {
            seen = new IntCounter();
            getRuntimeContext().addAccumulator("seen", seen);
        }

        @Override
        public String map(Integer value) {
            seen.add(1);
            getRuntimeContext().getLongCounter("sum").add(value.longValue());
            try {
                getRuntimeContext().addAccumulator("seen", new IntCounter());
                return "duplicate accepted";
            } catch (IllegalArgumentException e) {
                return "duplicate rejected: " + e.getMessage().substring(0, e.getMessage().indexOf(" in task"));
            }
        }
    }

    static final class StateOnNonKeyed extends RichMapFunction<Integer, Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        public void open() {
            getRuntimeContext().getState(new ValueStateDescriptor<>("s", Types.INT));
        }

        @Override
        public Integer map(Integer value) {
            return value;
        }
    }

    /** A kind no provider implements. */
    record Hologram() implements io.eddy.jobgraph.OperatorKind {
        @Override
        public String name() {
            return "hologram";
        }
    }
}
