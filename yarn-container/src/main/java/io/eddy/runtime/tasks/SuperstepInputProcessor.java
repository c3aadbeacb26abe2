package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.event.EndOfSuperstep;
import io.eddy.runtime.io.network.event.SuperstepStart;
import io.eddy.runtime.operators.BroadcastVariables;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.streamrecord.StreamElement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default action of a loop body's task (docs/iterations.md, docs/tasks.md): reads its gates
 * superstep after superstep. Per superstep s ("first": the run's first superstep, 1 or the one a
 * resumed loop starts with):
 *
 * <pre>
 *   BROADCAST  the broadcast gates of s (first: all, static ones to their end; later: the dynamic
 *              ones) up to EndOfSuperstep(s) on every channel -> variables (re)registered
 *              -> first: the head says which static inputs it keeps itself (SuperstepAware.keepsStaticInput);
 *                 later: which it retains (SuperstepAware.retainStaticInput; a kept one always is)
 *              -> hooks.broadcastsRead(s) (first: open the chain; later: start it, forward SuperstepStart)
 *   DATA       the data gates, the head's first input's gates first: dynamic ones up to EndOfSuperstep(s) on
 *              every channel (a channel that delivered it is blocked), static ones to their end (first,
 *              also into their cache unless the head keeps them) or their cache's replay (none if retained);
 *              endInput(i) for a static input
 *              once all of it came
 *              -> cycle.end(): endSuperstep head first, EndOfSuperstep(s) on the outputs, report to the master
 *   BETWEEN    the dynamic gates, unblocked: the first SuperstepStart(s + 1) on any channel begins s + 1
 *              (its copies on the other channels are dropped later); when every dynamic gate ended, the loop
 *              terminated and the mailbox loop completes
 * </pre>
 *
 * A channel's SuperstepStart precedes its records, so no record of s + 1 is processed in the
 * context of s.
 *
 * <p><b>Superstep-buffered gates</b> (their edge is {@code superstepBuffered}: the task reads them
 * after an input that comes from the same producer in the loop, docs/iterations.md): from the start
 * of each superstep they are read in every stage, their records going into the gate's buffer, up to
 * EndOfSuperstep(s) on every channel (drained); in the gate's own phase the buffer is replayed into
 * the head (draining first if it is not drained yet), and when the superstep ended it is cleared.
 * So their producer never waits on them while the task reads its other inputs. Task thread only.
 */
final class SuperstepInputProcessor implements MailboxProcessor.DefaultAction {

    private static final Logger LOG = LoggerFactory.getLogger(SuperstepInputProcessor.class);

    /** What the task does when the broadcast variables of a superstep are read. */
    @FunctionalInterface
    interface Hooks {
        void broadcastsRead(int superstep) throws Exception;
    }

    private enum Stage { BROADCAST, DATA, BETWEEN }

    private final List<LoopGate> gates;
    private final SuperstepInputs inputs;
    private final SuperstepCycle cycle;
    private final Hooks hooks;
    private final BroadcastVariables variables;
    private final String headName;
    /** Counts the records handed to the targets: the task's counters, or this processor's own. */
    private TaskIoCounters counters = new TaskIoCounters();
    private final TaskMailbox mailbox;
    private final List<LoopGate> active = new ArrayList<>();
    /** Superstep-buffered gates read into their buffers outside their phase, until drained. */
    private final List<LoopGate> draining = new ArrayList<>();
    private Stage stage;
    private int dataPhase;
    private int cursor;
    private List<List<Object>> variableValues;
    private int[] gatesLeftOfVariable;
    private int[] gatesLeftOfInput;
    /** Per logical input, whether the head retains the static input in this superstep (it is not replayed). */
    private boolean[] retained = new boolean[0];

    SuperstepInputProcessor(List<LoopGate> gates, SuperstepInputs inputs, SuperstepCycle cycle, Hooks hooks, BroadcastVariables variables,
            String headName, TaskMailbox mailbox) {
        this.gates = gates;
        this.inputs = inputs;
        this.cycle = cycle;
        this.hooks = hooks;
        this.variables = variables;
        this.headName = headName;
        this.mailbox = mailbox;
        for (LoopGate gate : gates) {
            if (gate.dynamic) {
                gate.network.setChannelEndListener(channel -> channelEnded(gate, channel));
            }
        }
        beginBroadcasts();
    }

    /** Counts the records read in {@code taskCounters} (before the first poll); returns this processor. */
    SuperstepInputProcessor countingIn(TaskIoCounters taskCounters) {
        this.counters = taskCounters;
        return this;
    }

    @Override
    public void run(MailboxProcessor.Controller controller) throws Exception {
        int processed = 0;
        int idle = 0;
        while (processed < StreamInputProcessor.BATCH && !mailbox.hasMail()) {
            if (active.isEmpty()) {
                if (!advance()) {
                    controller.allActionsCompleted();
                    return;
                }
                idle = 0;
                continue;
            }
            int polled = active.size() + draining.size();
            int at = cursor % polled;
            LoopGate gate = at < active.size() ? active.get(at) : draining.get(at - active.size());
            switch (gate.current.pollNext()) {
                case RECORD -> {
                    record(gate, gate.current.record());
                    processed++;
                    idle = 0;
                }
                case EVENT -> {
                    event(gate, gate.current.event(), gate.current.channelIndex());
                    idle = 0;
                }
                case END_OF_INPUT -> {
                    endOfInput(gate);
                    idle = 0;
                }
                case NOTHING_AVAILABLE -> {
                    idle++;
                    cursor++;
                }
            }
            if (!active.isEmpty() && idle >= active.size() + draining.size()) {
                controller.suspendUntil(anyAvailable());
                return;
            }
        }
    }

    /** The current stage's gates are all done: moves on; false if the loop has terminated. */
    private boolean advance() throws Exception {
        switch (stage) {
            case BROADCAST -> {
                retained = inputs.retainedInputs(cycle.isFirstSuperstep());
                if (cycle.isFirstSuperstep()) {
                    releaseCachesOfKeptInputs();
                }
                hooks.broadcastsRead(cycle.superstep());
                beginData(0);
            }
            case DATA -> {
                if (dataPhase + 1 < inputs.phases().size()) {
                    beginData(dataPhase + 1);
                } else {
                    cycle.end();
                    beginBetween();
                }
            }
            case BETWEEN -> {
                return false;
            }
        }
        return true;
    }

    /** The head keeps these static inputs itself: their caches are never filled, so their pages go back now (closing again at the end is harmless). */
    private void releaseCachesOfKeptInputs() throws IOException {
        for (LoopGate gate : gates) {
            if (gate.cacheOrNull != null && !gate.broadcast && inputs.keptByHead(gate.index)) {
                gate.cacheOrNull.close();
            }
        }
    }

    private void beginBroadcasts() {
        stage = Stage.BROADCAST;
        int superstep = cycle.superstep();
        variableValues = new ArrayList<>();
        gatesLeftOfVariable = new int[inputs.numberOfVariables()];
        for (int v = 0; v < gatesLeftOfVariable.length; v++) {
            variableValues.add(new ArrayList<>());
        }
        boolean first = cycle.isFirstSuperstep();
        setActive(g -> g.broadcast && (first || g.dynamic));
        active.forEach(g -> gatesLeftOfVariable[g.index]++);
        draining.clear();
        for (LoopGate gate : gates) {
            if (gate.buffered() && !gate.ended) {
                draining.add(gate);
            }
        }
    }

    private void beginData(int phase) throws Exception {
        stage = Stage.DATA;
        dataPhase = phase;
        if (phase == 0) {
            gatesLeftOfInput = new int[inputs.numberOfInputs()];
            for (LoopGate gate : gates) {
                if (!gate.broadcast) {
                    gatesLeftOfInput[gate.index]++;
                    if (!gate.buffered()) {
                        gate.current = gate.dynamic || cycle.isFirstSuperstep() ? gate.network
                                : retained[gate.index] ? StaticInputCache.nothing() : gate.cacheOrNull.replay();
                    }
                }
            }
        }
        List<Integer> phaseGates = inputs.phases().get(phase);
        setActive(g -> !g.broadcast && phaseGates.contains(g.number));
        for (LoopGate gate : active) {
            if (gate.buffered()) {
                draining.remove(gate);
                if (gate.drained) {
                    startReplay(gate);
                }
            }
        }
    }

    /** A drained superstep-buffered gate's turn: its buffer is replayed into the head. */
    private void startReplay(LoopGate gate) throws IOException {
        gate.current = gate.superstepBufferOrNull.replay();
        gate.replaying = true;
    }

    private void beginBetween() throws IOException {
        stage = Stage.BETWEEN;
        for (LoopGate gate : gates) {
            if (gate.dynamic) {
                gate.unblockAll();
            }
            if (gate.buffered()) {
                gate.current = gate.network;
                gate.replaying = false;
                gate.drained = false;
                gate.superstepBufferOrNull.clear();
            }
        }
        draining.clear();
        setActive(g -> g.dynamic && !g.ended);
    }

    private void setActive(java.util.function.Predicate<LoopGate> filter) {
        active.clear();
        gates.stream().filter(filter).forEach(active::add);
        cursor = 0;
    }

    private void record(LoopGate gate, StreamElement element) {
        if (stage == Stage.BETWEEN) {
            throw new IllegalStateException("Bug: '" + headName + "' got a record on " + gate + " between supersteps " + cycle.superstep()
                    + " and " + (cycle.superstep() + 1) + ": a channel must deliver SuperstepStart before the records of a superstep");
        }
        if (!element.isRecord()) {
            return;
        }
        Object value = element.asRecord().getValue();
        if (gate.buffered() && !gate.replaying) {
            try {
                gate.superstepBufferOrNull.add(value);
            } catch (IOException e) {
                throw new UncheckedIOException("'" + headName + "' could not buffer a record of " + gate + ": " + e.getMessage(), e);
            }
            return;
        }
        if (gate.broadcast) {
            variableValues.get(gate.index).add(value);
            return;
        }
        try {
            if (gate.cacheOrNull != null && cycle.isFirstSuperstep() && !inputs.keptByHead(gate.index)) {
                gate.cacheOrNull.add(value);
            }
            counters.recordIn();
            gate.target.processElement(element.asRecord());
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    private void event(LoopGate gate, Object event, int channel) throws Exception {
        int superstep = cycle.superstep();
        if (event instanceof EndOfSuperstep end) {
            if (!gate.dynamic || stage == Stage.BETWEEN || end.superstep() != superstep) {
                throw new IllegalStateException("Bug: '" + headName + "' got " + end + " on channel " + channel + " of " + gate + " in "
                        + stage + " of superstep " + superstep);
            }
            if (gate.endOfSuperstep(channel)) {
                if (gate.buffered()) {
                    gate.drained = true;
                    draining.remove(gate);
                    if (active.contains(gate)) {
                        startReplay(gate);
                    }
                } else {
                    gateDone(gate);
                }
            }
        } else if (event instanceof SuperstepStart start) {
            if (stage == Stage.BETWEEN && start.superstep() == superstep + 1) {
                cycle.begin(start.superstep(), start.aggregatesBytes());
                requireDynamicGatesOpen();
                beginBroadcasts();
            } else if (stage == Stage.BETWEEN || start.superstep() != superstep) {
                throw new IllegalStateException("Bug: '" + headName + "' got " + start + " on channel " + channel + " of " + gate + " in "
                        + stage + " of superstep " + superstep);
            }
            // else: the start of the current superstep on another channel, dropped
        } else {
            LOG.debug("{}: ignoring event {} on {}, channel {}", headName, event, gate, channel);
        }
    }

    private void endOfInput(LoopGate gate) {
        if (gate.replaying) {
            gateDone(gate); // the buffer's replay ended: the gate delivered all of the superstep
            return;
        }
        if (gate.dynamic && stage != Stage.BETWEEN) {
            throw new IllegalStateException("Input " + gate + " of '" + headName + "' ended in the middle of superstep " + cycle.superstep()
                    + ": its producer in the loop ended before the loop terminated");
        }
        if (gate.current == gate.network) {
            gate.ended = true;
        }
        if (stage == Stage.BETWEEN) {
            active.remove(gate);
            return;
        }
        gateDone(gate);
    }

    /** {@code gate} delivered everything of the current superstep. */
    private void gateDone(LoopGate gate) {
        active.remove(gate);
        if (gate.broadcast) {
            if (--gatesLeftOfVariable[gate.index] == 0) {
                String name = inputs.variableName(gate.index);
                variables.replace(name, variableValues.get(gate.index));
            }
        } else if (--gatesLeftOfInput[gate.index] == 0 && inputs.isStaticInput(gate.index)) {
            try {
                inputs.endInput(gate.index);
            } catch (Exception e) {
                throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.FINISH, e);
            }
        }
    }

    private void requireDynamicGatesOpen() {
        for (LoopGate gate : gates) {
            if (gate.dynamic && gate.ended) {
                throw new IllegalStateException("Input " + gate + " of '" + headName + "' ended, but superstep " + cycle.superstep()
                        + " started on another input: the producers in the loop disagree about its end");
            }
        }
    }

    private void channelEnded(LoopGate gate, int channel) {
        if (stage != Stage.BETWEEN) {
            throw new IllegalStateException("Channel " + channel + " of " + gate + " of '" + headName + "' ended in the middle of superstep "
                    + cycle.superstep() + ": its producer in the loop ended before the loop terminated");
        }
    }

    private CompletableFuture<?> anyAvailable() {
        if (active.size() == 1 && draining.isEmpty()) {
            return active.get(0).current.getAvailableFuture();
        }
        List<LoopGate> polled = new ArrayList<>(active);
        polled.addAll(draining);
        return CompletableFuture.anyOf(polled.stream().map(g -> g.current.getAvailableFuture()).toArray(CompletableFuture[]::new));
    }
}
