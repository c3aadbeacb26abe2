package io.eddy.optimizer;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.ShipStrategy;

/**
 * One input connection of an {@link OptNode}: the producing node, what it feeds in the consumer (a
 * logical input, 0 or 1, or the index of a broadcast variable in {@link OptNode#broadcastNames()}), and the ship strategy and exchange mode the
 * passes choose. A union input gives its consumer several channels on one logical input.
 *
 * <p>Mutable while the passes run (on the compiling thread).
 */
final class Channel {

    private final OptNode source;
    private final int targetInput;
    private final TypeInfo<?> recordType;
    /** The broadcast variable name, or null for a regular input. */
    private final String broadcastName;
    /** A strategy the program asked for (partitionByHash, rebalance), or null. */
    private final ShipStrategy requestedShip;
    private final KeySpec requestedKeys;
    /** The producer's side output this channel reads (a loop's result), or null for its main output. */
    private final String sideOutputTag;

    private ShipStrategy shipStrategy = ShipStrategy.FORWARD;
    private KeySpec shipKeys;
    private ExchangeMode exchangeMode = ExchangeMode.PIPELINED;
    /** Inside a loop: pipelined, but the consumer buffers each superstep before reading it. */
    private boolean superstepBuffered;

    private boolean solutionSet;

    Channel(OptNode source, int targetInput, TypeInfo<?> recordType, String broadcastName, ShipStrategy requestedShip, KeySpec requestedKeys) {
        this(source, targetInput, recordType, broadcastName, requestedShip, requestedKeys, null);
    }

    Channel(OptNode source, int targetInput, TypeInfo<?> recordType, String broadcastName, ShipStrategy requestedShip, KeySpec requestedKeys,
            String sideOutputTag) {
        this.sideOutputTag = sideOutputTag;
        this.source = source;
        this.targetInput = targetInput;
        this.recordType = recordType;
        this.broadcastName = broadcastName;
        this.requestedShip = requestedShip;
        this.requestedKeys = requestedKeys;
    }

    OptNode source() {
        return source;
    }

    int targetInput() {
        return targetInput;
    }

    TypeInfo<?> recordType() {
        return recordType;
    }

    String broadcastName() {
        return broadcastName;
    }

    boolean isBroadcastVariable() {
        return broadcastName != null;
    }

    /** The role of the job edge this channel becomes. */
    EdgeRole role() {
        return broadcastName != null ? EdgeRole.BROADCAST : solutionSet ? EdgeRole.SOLUTION_SET : EdgeRole.DATA;
    }

    /** This channel fills a delta loop's solution set (input 0 of its head): its edge has the role {@code SOLUTION_SET}. */
    void markSolutionSet() {
        this.solutionSet = true;
    }

    /** The producer's side output this channel reads, or null for its main output. */
    String sideOutputTag() {
        return sideOutputTag;
    }

    ShipStrategy requestedShip() {
        return requestedShip;
    }

    KeySpec requestedKeys() {
        return requestedKeys;
    }

    ShipStrategy shipStrategy() {
        return shipStrategy;
    }

    KeySpec shipKeys() {
        return shipKeys;
    }

    ExchangeMode exchangeMode() {
        return exchangeMode;
    }

    boolean superstepBuffered() {
        return superstepBuffered;
    }

    /** Inside a loop, instead of a blocking exchange: pipelined, with the consumer buffering each superstep of the channel. */
    void bufferSupersteps() {
        this.exchangeMode = ExchangeMode.PIPELINED;
        this.superstepBuffered = true;
    }

    /** Sets the ship strategy; {@code keys} only for {@link ShipStrategy#HASH}. */
    void ship(ShipStrategy strategy, KeySpec keys) {
        if ((strategy == ShipStrategy.HASH) != (keys != null)) {
            throw new IllegalStateException("Bug: ship strategy " + strategy + " with keys " + keys + " on the input from '" + source.name() + "'");
        }
        this.shipStrategy = strategy;
        this.shipKeys = keys;
    }

    void setExchangeMode(ExchangeMode mode) {
        this.exchangeMode = mode;
    }

    /** Whether the records reach the consumer's subtask i from the producer's subtask i, in the same thread if chained. */
    boolean isForward() {
        return shipStrategy == ShipStrategy.FORWARD;
    }

    @Override
    public String toString() {
        return "#" + source.id() + " -" + shipStrategy + (shipKeys == null ? "" : shipKeys) + "/" + exchangeMode + "-> input " + targetInput;
    }
}
