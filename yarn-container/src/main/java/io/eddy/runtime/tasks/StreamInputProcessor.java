package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.operators.Input;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.streamrecord.StatusWatermarkValve;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default action of a task whose head reads from the network: reads the input gates and hands
 * each record to the head's logical input that the gate's edge feeds (several gates may feed one
 * input: a union). It processes up to {@value #BATCH} records per call, staying on one gate while
 * it has data and moving on after a batch for fairness; when no gate has data it suspends the
 * mailbox loop until any gate becomes available; when every gate has ended it completes the loop.
 *
 * <p><b>Input order.</b> With a first input (the head implements {@code InputOrdered}) the gates
 * are read in two phases: only the gates feeding the first input until they have all ended, then
 * the others. Gates of a later phase are not polled, and their availability is not waited on, so
 * their producers are held back by credit-based back pressure.
 *
 * <p><b>End of input.</b> When every gate of logical input i has ended, {@link EndOfInput#endInput}
 * is called for i (once); when all gates have ended, it is also called for every logical input
 * that had no gate at all, before the loop completes. The task calls {@code finish()} afterwards.
 *
 * <p><b>Checkpoints.</b> With a {@link #setBarrierHandler barrier handler}, barriers and cancel
 * markers go to it; it may block channels (their gate then returns nothing of them) and makes the
 * task snapshot between two records. Other events are ignored.
 *
 * <p><b>Event time.</b> Watermarks and watermark statuses go, per logical input, through a {@link
 * StatusWatermarkValve} over all channels of all gates feeding that input: the input's event time
 * is the minimum over its active channels, and the head sees a watermark only when it advances.
 * A channel's final watermark arrives in band as an event (the gate hands it over from inside its
 * poll, see {@link io.eddy.runtime.io.network.api.RecordInput#setEndOfEventTimeListener}) and goes
 * through the same valve.
 *
 * <p>Task thread only.
 */
final class StreamInputProcessor implements MailboxProcessor.DefaultAction {

    private static final Logger LOG = LoggerFactory.getLogger(StreamInputProcessor.class);
    static final int BATCH = 64;

    /** Told when a logical input has delivered all its records. */
    @FunctionalInterface
    interface EndOfInput {
        void endInput(int inputIndex) throws Exception;

        EndOfInput NONE = i -> { };
    }

    private final GateInput[] gates;
    private final Input<Object>[] targets;
    private final int[] inputOfGate;
    private final boolean[] ended;
    private final int[] gatesLeftOfInput;
    private final boolean[] inputEnded;
    private final EndOfInput endOfInput;
    private final String headName;
    private final TaskMailbox mailbox;
    /** Counts the records handed to the targets: the task's counters, or this processor's own. */
    private TaskIoCounters counters = new TaskIoCounters();
    private final List<int[]> phases;
    private int phase;
    /** The gates of the current phase. */
    private int[] active;
    private int remainingInPhase;
    /** Position in {@link #active}. */
    private int current;
    /** Per gate, the number of its first channel among all channels of the gates. */
    private final int[] channelOffset;
    /** Per logical input, the valve combining the watermarks of its channels; per gate, its first channel in that valve. */
    private final StatusWatermarkValve[] valves;
    private final StatusWatermarkValve.ValveOutput[] valveOutputs;
    private final int[] valveOffset;
    /** Null until checkpointing is set up: then barriers and cancel markers go here. */
    private CheckpointBarrierHandler barriers;

    /**
     * @param gates one input per gate
     * @param targets per gate, the head input it feeds
     * @param inputOfGate per gate, the index of the logical input it feeds
     * @param numberOfInputs the number of logical inputs of the head
     * @param firstInput the logical input to read to its end before the others, or -1
     * @param endOfInput told when a logical input has ended
     * @param headName the head operator's name with subtask, for errors
     */
    @SuppressWarnings("unchecked")
    StreamInputProcessor(List<GateInput> gates, List<Input<Object>> targets, int[] inputOfGate, int numberOfInputs, int firstInput,
            EndOfInput endOfInput, String headName, TaskMailbox mailbox) {
        if (gates.size() != targets.size() || gates.size() != inputOfGate.length) {
            throw new IllegalArgumentException("Bug: " + gates.size() + " gates, " + targets.size() + " targets and " + inputOfGate.length
                    + " input indexes for the input processor of '" + headName + "'");
        }
        this.gates = gates.toArray(new GateInput[0]);
        this.targets = targets.toArray(new Input[0]);
        this.inputOfGate = inputOfGate.clone();
        this.ended = new boolean[gates.size()];
        this.gatesLeftOfInput = new int[numberOfInputs];
        this.inputEnded = new boolean[numberOfInputs];
        for (int input : inputOfGate) {
            if (input < 0 || input >= numberOfInputs) {
                throw new IllegalArgumentException("Bug: a gate of '" + headName + "' feeds input " + input + " (expected: 0 to "
                        + (numberOfInputs - 1) + ")");
            }
            gatesLeftOfInput[input]++;
        }
        this.endOfInput = endOfInput;
        this.headName = headName;
        this.mailbox = mailbox;
        this.phases = phases(inputOfGate, firstInput);
        this.active = phases.isEmpty() ? new int[0] : phases.get(0);
        this.remainingInPhase = active.length;
        this.channelOffset = new int[this.gates.length];
        for (int g = 1; g < this.gates.length; g++) {
            channelOffset[g] = channelOffset[g - 1] + this.gates[g - 1].numberOfChannels();
        }
        this.valves = new StatusWatermarkValve[numberOfInputs];
        this.valveOutputs = new StatusWatermarkValve.ValveOutput[numberOfInputs];
        this.valveOffset = new int[this.gates.length];
        createValves();
        for (int g = 0; g < this.gates.length; g++) {
            int gate = g;
            this.gates[g].setEndOfEventTimeListener(channel -> endOfEventTime(gate, channel));
        }
    }

    /** One valve per logical input that has gates, over the channels of those gates. */
    private void createValves() {
        int[] channelsOfInput = new int[valves.length];
        for (int g = 0; g < gates.length; g++) {
            valveOffset[g] = channelsOfInput[inputOfGate[g]];
            channelsOfInput[inputOfGate[g]] += gates[g].numberOfChannels();
        }
        for (int g = 0; g < gates.length; g++) {
            int input = inputOfGate[g];
            if (valves[input] == null && channelsOfInput[input] > 0) {
                valves[input] = new StatusWatermarkValve(channelsOfInput[input]);
                Input<Object> target = targets[g];
                valveOutputs[input] = new StatusWatermarkValve.ValveOutput() {
                    @Override
                    public void emitWatermark(Watermark watermark) throws Exception {
                        counters.inputWatermark(leastInputWatermark());
                        target.processWatermark(watermark);
                    }

                    @Override
                    public void emitWatermarkStatus(WatermarkStatus status) throws Exception {
                        target.processWatermarkStatus(status);
                    }
                };
            }
        }
    }

    /** The gates of each phase: those of {@code firstInput} first (if it has gates and others exist), then the rest. */
    private static List<int[]> phases(int[] inputOfGate, int firstInput) {
        List<Integer> first = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        for (int g = 0; g < inputOfGate.length; g++) {
            (inputOfGate[g] == firstInput ? first : rest).add(g);
        }
        List<int[]> phases = new ArrayList<>();
        if (!first.isEmpty()) {
            phases.add(first.stream().mapToInt(Integer::intValue).toArray());
        }
        if (!rest.isEmpty()) {
            phases.add(rest.stream().mapToInt(Integer::intValue).toArray());
        }
        return phases;
    }

    @Override
    public void run(MailboxProcessor.Controller controller) throws Exception {
        if (remainingInPhase == 0 && !advancePhase()) {
            complete(controller);
            return;
        }
        int processed = 0;
        int idleGates = 0;
        while (processed < BATCH && !mailbox.hasMail()) {
            int gate = active[current];
            GateInput input = gates[gate];
            InputStatus status = ended[gate] ? InputStatus.END_OF_INPUT : input.pollNext();
            switch (status) {
                case RECORD -> {
                    process(gate, input.record());
                    processed++;
                    idleGates = 0;
                }
                case EVENT -> handleEvent(gate, input);
                case END_OF_INPUT -> {
                    if (!ended[gate] && gateEnded(gate)) {
                        if (!advancePhase()) {
                            complete(controller);
                            return;
                        }
                        idleGates = 0;
                        continue;
                    }
                    idleGates++;
                    current = (current + 1) % active.length;
                }
                case NOTHING_AVAILABLE -> {
                    idleGates++;
                    current = (current + 1) % active.length;
                }
            }
            if (idleGates >= active.length) {
                controller.suspendUntil(anyAvailable());
                return;
            }
        }
        if (processed >= BATCH) {
            current = (current + 1) % active.length;
        }
    }

    /** Marks {@code gate} ended, ends its logical input if it was the last; true if the phase has no gate left. */
    private boolean gateEnded(int gate) {
        ended[gate] = true;
        remainingInPhase--;
        int input = inputOfGate[gate];
        if (--gatesLeftOfInput[input] == 0) {
            endInput(input);
        }
        return remainingInPhase == 0;
    }

    /** Moves to the next phase; false if there is none. */
    private boolean advancePhase() {
        if (phase + 1 >= phases.size()) {
            return false;
        }
        phase++;
        active = phases.get(phase);
        remainingInPhase = active.length;
        current = 0;
        return true;
    }

    private void complete(MailboxProcessor.Controller controller) {
        for (int i = 0; i < inputEnded.length; i++) {
            if (!inputEnded[i]) {
                endInput(i);
            }
        }
        controller.allActionsCompleted();
    }

    private void endInput(int input) {
        inputEnded[input] = true;
        try {
            endOfInput.endInput(input);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.FINISH, e);
        }
    }

    private void process(int gate, StreamElement element) {
        try {
            if (element.isRecord()) {
                counters.recordIn();
                targets[gate].processElement(element.asRecord());
            } else {
                processMarker(gate, gates[gate].channelIndex(), element);
            }
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    /**
     * Hands checkpoint barriers and cancel markers of the data gates to {@code handler} (channels
     * numbered across the gates, gate 0's first) and tells it which channels end. Call before the
     * first poll. Not for processors with an input order: their later gates are not read while the
     * first input runs, so an alignment could never complete (batch jobs take no checkpoints).
     */
    /**
     * The event time of the head: the least watermark its inputs' valves let through
     * ({@link TaskIoCounters#NO_WATERMARK} before each has let one through).
     */
    private long leastInputWatermark() {
        long least = Long.MAX_VALUE;
        for (StatusWatermarkValve valve : valves) {
            if (valve != null) {
                least = Math.min(least, valve.currentWatermark());
            }
        }
        return least;
    }

    /** Counts the records read in {@code taskCounters} (before the first poll); returns this processor. */
    StreamInputProcessor countingIn(TaskIoCounters taskCounters) {
        this.counters = taskCounters;
        return this;
    }

    void setBarrierHandler(CheckpointBarrierHandler handler) {
        if (phases.size() > 1) {
            throw new IllegalStateException("Bug: checkpoint barriers for '" + headName + "', which reads its inputs in order");
        }
        this.barriers = handler;
        for (int g = 0; g < gates.length; g++) {
            int offset = channelOffset[g];
            gates[g].setChannelEndListener(channel -> handler.channelEnded(offset + channel));
        }
    }

    /** The number of channels of all gates. */
    int numberOfChannels() {
        return channelOffset.length == 0 ? 0 : channelOffset[gates.length - 1] + gates[gates.length - 1].numberOfChannels();
    }

    /** Blocks and unblocks channels numbered across the gates. */
    ChannelBlocker channelBlocker() {
        return new ChannelBlocker() {
            @Override
            public void block(int channel) {
                int gate = gateOfChannel(channel);
                gates[gate].blockChannel(channel - channelOffset[gate]);
            }

            @Override
            public void unblock(int channel) {
                int gate = gateOfChannel(channel);
                gates[gate].unblockChannel(channel - channelOffset[gate]);
            }
        };
    }

    private int gateOfChannel(int channel) {
        int gate = gates.length - 1;
        while (channelOffset[gate] > channel) {
            gate--;
        }
        return gate;
    }

    private void handleEvent(int gate, GateInput input) {
        Object event = input.event();
        if (barriers != null) {
            if (event instanceof CheckpointBarrier barrier) {
                barriers.processBarrier(barrier, channelOffset[gate] + input.channelIndex());
                return;
            }
            if (event instanceof CancelCheckpointMarker marker) {
                barriers.processCancelMarker(marker, channelOffset[gate] + input.channelIndex());
                return;
            }
        }
        LOG.debug("{}: ignoring event {} on gate {}, channel {}", headName, event, gate, input.channelIndex());
    }

    /** A channel of {@code gate} delivered its final watermark (in band, as an event): the watermark {@code Long.MAX_VALUE}. */
    private void endOfEventTime(int gate, int channel) {
        try {
            processMarker(gate, channel, Watermark.MAX_WATERMARK);
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    /** A watermark or watermark status of channel {@code channel} of {@code gate}: through the valve of the gate's input. */
    private void processMarker(int gate, int channel, StreamElement element) throws Exception {
        int input = inputOfGate[gate];
        int valveChannel = valveOffset[gate] + channel;
        if (element.isWatermark()) {
            valves[input].inputWatermark(element.asWatermark(), valveChannel, valveOutputs[input]);
        } else if (element.isWatermarkStatus()) {
            valves[input].inputWatermarkStatus(element.asWatermarkStatus(), valveChannel, valveOutputs[input]);
        } else {
            throw new IllegalStateException("Bug: unknown stream element " + element.getClass().getName() + " on gate " + gate);
        }
    }

    private CompletableFuture<?> anyAvailable() {
        if (active.length == 1) {
            return gates[active[0]].getAvailableFuture();
        }
        CompletableFuture<?>[] futures = new CompletableFuture<?>[remainingInPhase];
        int n = 0;
        for (int gate : active) {
            if (!ended[gate]) {
                futures[n++] = gates[gate].getAvailableFuture();
            }
        }
        return CompletableFuture.anyOf(futures);
    }

    /** Closes every input (recycling held buffers, closing the gates). */
    void close() {
        for (GateInput input : gates) {
            input.close();
        }
    }
}
