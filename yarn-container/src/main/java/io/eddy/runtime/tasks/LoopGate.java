package io.eddy.runtime.tasks;

import io.eddy.runtime.operators.Input;

/**
 * One input gate of a loop body's task as {@link SuperstepInputProcessor} reads it: whether it is
 * dynamic (its producer is in the loop) or static, whether it feeds a broadcast variable or a
 * logical input of the head, and its state in the current superstep. Task thread only.
 */
final class LoopGate {

    final int number;
    /** The network gate. */
    final GateInput network;
    final boolean dynamic;
    final boolean broadcast;
    /** The logical input of the head (data gates) or the broadcast variable's index. */
    final int index;
    /** Data gates: the head's input. */
    final Input<Object> target;
    /** Static data gates: the records of superstep 1, replayed in later supersteps. */
    final StaticInputCache cacheOrNull;
    /**
     * Superstep-buffered data gates (their edge is {@code superstepBuffered}): the records of the
     * current superstep, buffered from its start and replayed in the gate's turn; else null.
     */
    final StaticInputCache superstepBufferOrNull;
    /** Superstep-buffered gates: every channel delivered the current superstep's end, so the buffer holds all of it. */
    boolean drained;
    /** Superstep-buffered gates: {@link #current} is the replay of the buffer. */
    boolean replaying;
    /** Dynamic gates: per channel, whether it delivered this superstep's end (and is blocked until the superstep ends). */
    final boolean[] endOfSuperstepSeen;
    int endsOfSuperstepSeen;
    /** What is read in the current superstep: the network gate, or the replay of the cache. */
    GateInput current;
    /** Whether the network gate delivered its end of input. */
    boolean ended;

    LoopGate(int number, GateInput network, boolean dynamic, boolean broadcast, int index, Input<Object> target,
            StaticInputCache cacheOrNull) {
        this(number, network, dynamic, broadcast, index, target, cacheOrNull, null);
    }

    LoopGate(int number, GateInput network, boolean dynamic, boolean broadcast, int index, Input<Object> target,
            StaticInputCache cacheOrNull, StaticInputCache superstepBufferOrNull) {
        if (superstepBufferOrNull != null && (!dynamic || broadcast)) {
            throw new IllegalArgumentException("Bug: gate " + number + " is superstep-buffered but " + (broadcast ? "a broadcast gate" : "static")
                    + " (expected: a dynamic data gate)");
        }
        this.superstepBufferOrNull = superstepBufferOrNull;
        this.number = number;
        this.network = network;
        this.dynamic = dynamic;
        this.broadcast = broadcast;
        this.index = index;
        this.target = target;
        this.cacheOrNull = cacheOrNull;
        this.endOfSuperstepSeen = new boolean[network.numberOfChannels()];
        this.current = network;
    }

    /** Channel {@code channel} delivered the end of the superstep: blocks it; true if every channel did. */
    boolean endOfSuperstep(int channel) {
        if (endOfSuperstepSeen[channel]) {
            throw new IllegalStateException("Bug: channel " + channel + " of gate " + number + " delivered the end of one superstep twice");
        }
        endOfSuperstepSeen[channel] = true;
        endsOfSuperstepSeen++;
        network.blockChannel(channel);
        return endsOfSuperstepSeen == endOfSuperstepSeen.length;
    }

    /** The superstep ended in the task: every channel is read again. */
    void unblockAll() {
        for (int c = 0; c < endOfSuperstepSeen.length; c++) {
            if (endOfSuperstepSeen[c]) {
                endOfSuperstepSeen[c] = false;
                network.unblockChannel(c);
            }
        }
        endsOfSuperstepSeen = 0;
    }

    /** Whether the gate's records of a superstep are buffered before they are read. */
    boolean buffered() {
        return superstepBufferOrNull != null;
    }

    @Override
    public String toString() {
        return (buffered() ? "superstep-buffered " : "") + (dynamic ? "dynamic " : "static ") + (broadcast ? "broadcast gate " : "gate ") + number + " (" + (broadcast ? "variable " : "input ")
                + index + ")";
    }
}
