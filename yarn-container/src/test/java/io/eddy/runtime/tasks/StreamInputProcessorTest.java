package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Input order, end of input and suspension of the input processor, over scripted gates. */
class StreamInputProcessorTest {

    /** What the head saw, in order: "in<i>:<value>" for records, "end<i>" for endInput. */
    private final List<String> events = new ArrayList<>();
    private final TaskMailbox mailbox = new TaskMailbox("test task");

    @Test
    void theFirstInputIsReadToItsEndBeforeAnyGateOfTheOtherIsPolled() throws Exception {
        ScriptedGate probe = ScriptedGate.of("p1", "p2", "p3");
        ScriptedGate build = ScriptedGate.of("b1", "b2");
        StreamInputProcessor processor = processor(List.of(probe, build), new int[] {0, 1}, 2, 1);

        List<String> controllerCalls = runToEnd(processor);

        assertThat(events).containsExactly("in1:b1", "in1:b2", "end1", "in0:p1", "in0:p2", "in0:p3", "end0");
        assertThat(controllerCalls).containsExactly("completed");
    }

    @Test
    void whileTheFirstInputWaitsOnlyItsAvailabilityIsAwaitedAndTheOtherGateIsNotPolled() throws Exception {
        ScriptedGate probe = ScriptedGate.of("p1");
        ScriptedGate build = ScriptedGate.of("b1");
        build.pauseAfter(1);
        StreamInputProcessor processor = processor(List.of(probe, build), new int[] {0, 1}, 2, 1);
        RecordingController controller = new RecordingController();

        processor.run(controller);

        assertThat(events).containsExactly("in1:b1");
        assertThat(controller.calls).containsExactly("suspended");
        assertThat(controller.awaited).isSameAs(build.available);
        assertThat(probe.polls).as("polls of the second input's gate").isZero();

        build.resume();
        controller.calls.clear();
        while (!controller.calls.contains("completed")) {
            processor.run(controller);
        }
        assertThat(events).containsExactly("in1:b1", "end1", "in0:p1", "end0");
    }

    @Test
    void aUnionEndsItsInputOnlyWhenAllItsGatesEndedAndInputsWithoutGatesEndLast() throws Exception {
        ScriptedGate a = ScriptedGate.of("a1", "a2", "a3");
        ScriptedGate b = ScriptedGate.of("b1");
        StreamInputProcessor processor = processor(List.of(a, b), new int[] {0, 0}, 2, -1);

        runToEnd(processor);

        assertThat(events).filteredOn(e -> e.startsWith("in")).containsExactlyInAnyOrder("in0:a1", "in0:a2", "in0:a3", "in0:b1");
        assertThat(events.subList(4, events.size())).containsExactly("end0", "end1");
    }

    @Test
    void endInputIsCalledOncePerInputBeforeTheLoopCompletes() throws Exception {
        ScriptedGate only = ScriptedGate.of("x");
        StreamInputProcessor processor = processor(List.of(only), new int[] {0}, 1, -1);

        List<String> calls = runToEnd(processor);
        processor.run(new RecordingController());

        assertThat(events).containsExactly("in0:x", "end0");
        assertThat(calls).containsExactly("completed");
    }

    @Test
    void aFailingEndInputNamesTheHeadOperator() {
        ScriptedGate only = ScriptedGate.of("x");
        StreamInputProcessor processor = new StreamInputProcessor(List.of(only), List.of(target(0)), new int[] {0}, 1, -1,
                i -> {
                    throw new IllegalStateException("build side too large");
                }, "Join (1/2)", mailbox);

        assertThatThrownBy(() -> runToEnd(processor)).isInstanceOf(OperatorFailureException.class)
                .hasMessage("Operator 'Join (1/2)' failed while finishing its input: build side too large");
    }

    @Test
    void aProcessorWithoutGatesEndsEveryInputAndCompletes() throws Exception {
        StreamInputProcessor processor = processor(List.of(), new int[0], 2, -1);

        assertThat(runToEnd(processor)).containsExactly("completed");
        assertThat(events).containsExactly("end0", "end1");
    }

    private StreamInputProcessor processor(List<GateInput> gates, int[] inputOfGate, int inputs, int firstInput) {
        List<Input<Object>> targets = new ArrayList<>();
        for (int input : inputOfGate) {
            targets.add(target(input));
        }
        return new StreamInputProcessor(gates, targets, inputOfGate, inputs, firstInput, i -> events.add("end" + i), "Head (1/1)", mailbox);
    }

    private Input<Object> target(int input) {
        return record -> events.add("in" + input + ":" + record.getValue());
    }

    /** Runs the processor until it completes; fails if it suspends (every scripted gate here has its data ready). */
    private static List<String> runToEnd(StreamInputProcessor processor) throws Exception {
        RecordingController controller = new RecordingController();
        for (int i = 0; i < 100 && !controller.calls.contains("completed"); i++) {
            processor.run(controller);
            assertThat(controller.calls).doesNotContain("suspended");
        }
        return controller.calls;
    }

    private static final class RecordingController implements MailboxProcessor.Controller {
        final List<String> calls = new ArrayList<>();
        CompletableFuture<?> awaited;

        @Override
        public void suspendUntil(CompletableFuture<?> available) {
            calls.add("suspended");
            awaited = available;
        }

        @Override
        public void allActionsCompleted() {
            calls.add("completed");
        }
    }

    /** A gate that delivers its values, then END_OF_INPUT; it can pause (NOTHING_AVAILABLE) after some values. */
    private static final class ScriptedGate implements GateInput {
        final Deque<Object> values;
        final CompletableFuture<Void> available = new CompletableFuture<>();
        int pauseAfter = -1;
        int delivered;
        int polls;
        private final StreamRecord<Object> reuse = new StreamRecord<>(null);

        private ScriptedGate(List<Object> values) {
            this.values = new ArrayDeque<>(values);
        }

        static ScriptedGate of(Object... values) {
            return new ScriptedGate(List.of(values));
        }

        void pauseAfter(int n) {
            pauseAfter = n;
        }

        void resume() {
            pauseAfter = -1;
            available.complete(null);
        }

        @Override
        public InputStatus pollNext() {
            polls++;
            if (delivered == pauseAfter) {
                return InputStatus.NOTHING_AVAILABLE;
            }
            if (values.isEmpty()) {
                return InputStatus.END_OF_INPUT;
            }
            reuse.replace(values.poll());
            delivered++;
            return InputStatus.RECORD;
        }

        @Override
        public StreamElement record() {
            return reuse;
        }

        @Override
        public Object event() {
            return null;
        }

        @Override
        public int channelIndex() {
            return 0;
        }

        @Override
        public CompletableFuture<?> getAvailableFuture() {
            return available;
        }

        @Override
        public void close() {}

        @Override
        public int numberOfChannels() {
            return 1;
        }

        @Override
        public void blockChannel(int channel) {
            throw new AssertionError("no barriers in these tests");
        }

        @Override
        public void unblockChannel(int channel) {
            throw new AssertionError("no barriers in these tests");
        }

        @Override
        public void setChannelEndListener(java.util.function.IntConsumer listener) {}

        @Override
        public void setEndOfEventTimeListener(java.util.function.IntConsumer listener) {}
    }
}
