package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** The per-input watermark valve of {@link StreamInputProcessor}: the minimum over all channels of all gates of an input. */
class StreamInputWatermarkTest {

    private final List<String> seen = new ArrayList<>();
    private final TaskMailbox mailbox = new TaskMailbox("test task");

    @Test
    void anInputsEventTimeIsTheMinimumOverTheChannelsOfAllItsGates() throws Exception {
        // Gate 0 has two channels, gate 1 one; all feed input 0.
        ScriptedGate gate0 = new ScriptedGate(2)
                .add(0, new Watermark(10)).add(1, new StreamRecord<>("x")).add(1, new Watermark(20)).add(0, new Watermark(30));
        ScriptedGate gate1 = new ScriptedGate(1).add(0, new Watermark(15)).add(0, new Watermark(40));
        StreamInputProcessor processor = processor(List.of(gate0, gate1), new int[] {0, 0}, 1);

        run(processor);
        // Gate 0 is read first: 10 (ch 0), x, 20 (ch 1), 30 (ch 0): gate 1 holds the minimum back; then 15, 40 -> min 15, then 20.
        assertThat(seen).containsExactly("in0:x", "wm0:15", "wm0:20");
    }

    @Test
    void eachLogicalInputHasItsOwnValve() throws Exception {
        ScriptedGate first = new ScriptedGate(1).add(0, new Watermark(5));
        ScriptedGate second = new ScriptedGate(1).add(0, new Watermark(3)).add(0, new Watermark(8));
        StreamInputProcessor processor = processor(List.of(first, second), new int[] {0, 1}, 2);
        TaskIoCounters counters = new TaskIoCounters();
        processor.countingIn(counters);

        run(processor);
        assertThat(seen).containsExactly("wm0:5", "wm1:3", "wm1:8");
        assertThat(counters.inputWatermark()).as("the head's event time: the least of its inputs'").isEqualTo(5);
    }

    @Test
    void theHeadsEventTimeWaitsForEveryInput() throws Exception {
        ScriptedGate first = new ScriptedGate(1).add(0, new Watermark(5));
        ScriptedGate second = new ScriptedGate(1);
        StreamInputProcessor processor = processor(List.of(first, second), new int[] {0, 1}, 2);
        TaskIoCounters counters = new TaskIoCounters();
        processor.countingIn(counters);

        run(processor);
        assertThat(counters.inputWatermark()).as("the second input has no watermark yet").isEqualTo(TaskIoCounters.NO_WATERMARK);
    }

    @Test
    void idleChannelsAreLeftOutAndAllIdleIsForwarded() throws Exception {
        ScriptedGate gate = new ScriptedGate(2)
                .add(0, new Watermark(10))
                .add(1, WatermarkStatus.IDLE)
                .add(0, WatermarkStatus.IDLE)
                .add(1, WatermarkStatus.ACTIVE)
                .add(1, new Watermark(12));
        StreamInputProcessor processor = processor(List.of(gate), new int[] {0}, 1);

        run(processor);
        assertThat(seen).containsExactly("wm0:10", "status0:WatermarkStatus(IDLE)", "status0:WatermarkStatus(ACTIVE)", "wm0:12");
    }

    @Test
    void aChannelsFinalWatermarkEventEndsItsEventTimeInOrderWithItsRecords() throws Exception {
        ScriptedGate gate = new ScriptedGate(2)
                .add(0, new Watermark(10))
                .add(1, new Watermark(5))
                .endOfEventTime(0)
                .add(1, new StreamRecord<>("x"))
                .add(1, new Watermark(7))
                .endOfEventTime(1);
        StreamInputProcessor processor = processor(List.of(gate), new int[] {0}, 1);

        run(processor);
        // Channel 0's end no longer holds anything back: channel 1 alone decides until it ends too.
        assertThat(seen).containsExactly("wm0:5", "in0:x", "wm0:7", "wm0:" + Long.MAX_VALUE);
    }

    private StreamInputProcessor processor(List<GateInput> gates, int[] inputOfGate, int inputs) {
        List<Input<Object>> targets = new ArrayList<>();
        for (int input : inputOfGate) {
            targets.add(target(input));
        }
        return new StreamInputProcessor(gates, targets, inputOfGate, inputs, -1, i -> { }, "Head (1/1)", mailbox);
    }

    private Input<Object> target(int input) {
        return new Input<>() {
            @Override
            public void processElement(StreamRecord<Object> record) {
                seen.add("in" + input + ":" + record.getValue());
            }

            @Override
            public void processWatermark(Watermark watermark) {
                seen.add("wm" + input + ":" + watermark.getTimestamp());
            }

            @Override
            public void processWatermarkStatus(WatermarkStatus status) {
                seen.add("status" + input + ":" + status);
            }
        };
    }

    private static void run(StreamInputProcessor processor) throws Exception {
        boolean[] completed = {false};
        MailboxProcessor.Controller controller = new MailboxProcessor.Controller() {
            @Override
            public void suspendUntil(CompletableFuture<?> available) {
                throw new AssertionError("scripted gates always have data");
            }

            @Override
            public void allActionsCompleted() {
                completed[0] = true;
            }
        };
        for (int i = 0; i < 100 && !completed[0]; i++) {
            processor.run(controller);
        }
        assertThat(completed[0]).isTrue();
    }

    /** A gate of several channels that delivers scripted elements, each on its channel, then ends. */
    private static final class ScriptedGate implements GateInput {
        private static final Object END_OF_EVENT_TIME = new Object();
        private final int channels;
        private IntConsumer endOfEventTime;
        private final Deque<Object[]> script = new ArrayDeque<>();
        private StreamElement current;
        private int channel;

        ScriptedGate(int channels) {
            this.channels = channels;
        }

        ScriptedGate add(int channel, StreamElement element) {
            script.add(new Object[] {channel, element});
            return this;
        }

        /** The channel's final watermark, handed over in band as a real gate does: to the listener, from inside the poll. */
        ScriptedGate endOfEventTime(int channel) {
            script.add(new Object[] {channel, END_OF_EVENT_TIME});
            return this;
        }

        @Override
        public InputStatus pollNext() {
            while (true) {
                Object[] next = script.poll();
                if (next == null) {
                    return InputStatus.END_OF_INPUT;
                }
                channel = (Integer) next[0];
                if (next[1] == END_OF_EVENT_TIME) {
                    endOfEventTime.accept(channel);
                    continue;
                }
                current = (StreamElement) next[1];
                return InputStatus.RECORD;
            }
        }

        @Override
        public StreamElement record() {
            return current;
        }

        @Override
        public Object event() {
            return null;
        }

        @Override
        public int channelIndex() {
            return channel;
        }

        @Override
        public CompletableFuture<?> getAvailableFuture() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}

        @Override
        public int numberOfChannels() {
            return channels;
        }

        @Override
        public void blockChannel(int channel) {}

        @Override
        public void unblockChannel(int channel) {}

        @Override
        public void setChannelEndListener(IntConsumer listener) {}

        @Override
        public void setEndOfEventTimeListener(IntConsumer listener) {
            this.endOfEventTime = listener;
        }
    }
}
