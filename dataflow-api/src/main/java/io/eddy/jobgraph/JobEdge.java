package io.eddy.jobgraph;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.util.InstantiationUtil;
import java.util.Objects;

/**
 * A data edge between two vertices. Each edge is one result partition of its producer (with one
 * subpartition per consumer subtask) and one input gate of its consumer.
 *
 * @param source the producing vertex
 * @param sourceOutputIndex the position of this edge among the producer's outputs (its result partition index)
 * @param target the consuming vertex
 * @param targetGateIndex the position of this edge among the consumer's inputs (its input gate index)
 * @param targetInput what the records feed in the consumer's head operator, read by {@code role}: for
 *     {@link EdgeRole#DATA}, {@link EdgeRole#FEEDBACK} and {@link EdgeRole#SOLUTION_SET} its logical
 *     input (0, or 0 or 1 for two-input operators); for {@link EdgeRole#BROADCAST} the index of the
 *     broadcast variable in its descriptor's {@code broadcastNames}
 * @param role what the records are to the consumer
 * @param shipStrategy how records are distributed over consumer subtasks
 * @param exchangeMode pipelined or blocking
 * @param keySelectorBytes for {@link ShipStrategy#HASH}, the Java-serialized {@link KeySelector}; otherwise null
 * @param recordTypeBytes the Java-serialized {@link TypeInfo} of the records
 * @param superstepBuffered for a pipelined edge between two vertices of one {@code ITERATION} group:
 *     its consumer buffers each superstep's records of the edge (spilling) from the superstep's
 *     start and reads them only in their turn, so its producer never waits on it (docs/iterations.md,
 *     "Superstep-buffered exchanges"); false for every other edge
 */
public record JobEdge(
        JobVertexId source,
        int sourceOutputIndex,
        JobVertexId target,
        int targetGateIndex,
        int targetInput,
        EdgeRole role,
        ShipStrategy shipStrategy,
        ExchangeMode exchangeMode,
        byte[] keySelectorBytes,
        byte[] recordTypeBytes,
        boolean superstepBuffered) {

    public JobEdge {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(shipStrategy, "shipStrategy");
        if (targetInput < 0) {
            throw new IllegalArgumentException("Bug: edge " + source + " -> " + target + " has the negative target input " + targetInput);
        }
        if (role == EdgeRole.BROADCAST && shipStrategy != ShipStrategy.BROADCAST) {
            throw new IllegalArgumentException("Bug: the broadcast variable edge " + source + " -> " + target + " is shipped " + shipStrategy);
        }
        Objects.requireNonNull(exchangeMode, "exchangeMode");
        Objects.requireNonNull(recordTypeBytes, "recordTypeBytes");
        if (shipStrategy == ShipStrategy.HASH && keySelectorBytes == null) {
            throw new IllegalArgumentException("Bug: a HASH edge " + source + " -> " + target + " has no key selector");
        }
        if (superstepBuffered && (exchangeMode != ExchangeMode.PIPELINED || (role != EdgeRole.DATA && role != EdgeRole.BROADCAST))) {
            throw new IllegalArgumentException("Bug: the superstep-buffered edge " + source + " -> " + target + " is " + role + "/" + exchangeMode
                    + " (expected: a pipelined data or broadcast edge)");
        }
    }

    /** An edge that is not superstep-buffered. */
    public JobEdge(JobVertexId source, int sourceOutputIndex, JobVertexId target, int targetGateIndex, int targetInput, EdgeRole role,
            ShipStrategy shipStrategy, ExchangeMode exchangeMode, byte[] keySelectorBytes, byte[] recordTypeBytes) {
        this(source, sourceOutputIndex, target, targetGateIndex, targetInput, role, shipStrategy, exchangeMode, keySelectorBytes,
                recordTypeBytes, false);
    }

    /** A {@link EdgeRole#DATA} edge. */
    public JobEdge(JobVertexId source, int sourceOutputIndex, JobVertexId target, int targetGateIndex, int targetInput,
            ShipStrategy shipStrategy, ExchangeMode exchangeMode, byte[] keySelectorBytes, byte[] recordTypeBytes) {
        this(source, sourceOutputIndex, target, targetGateIndex, targetInput, EdgeRole.DATA, shipStrategy, exchangeMode, keySelectorBytes,
                recordTypeBytes);
    }

    @SuppressWarnings("unchecked")
    public <T> TypeInfo<T> recordType(ClassLoader userCodeClassLoader) {
        return (TypeInfo<T>) InstantiationUtil.deserialize(recordTypeBytes, userCodeClassLoader, "the record type of edge " + this);
    }

    @SuppressWarnings("unchecked")
    public <T, K> KeySelector<T, K> keySelector(ClassLoader userCodeClassLoader) {
        if (keySelectorBytes == null) {
            throw new IllegalStateException("Bug: edge " + this + " is " + shipStrategy + ", not HASH: it has no key selector");
        }
        return (KeySelector<T, K>) InstantiationUtil.deserialize(keySelectorBytes, userCodeClassLoader, "the key selector of edge " + this);
    }

    @Override
    public String toString() {
        return source + "[" + sourceOutputIndex + "] -" + (role == EdgeRole.DATA ? "" : role + "/") + shipStrategy + "/" + exchangeMode
                + (superstepBuffered ? "/superstep-buffered" : "") + "-> " + target + "[" + targetGateIndex + "]";
    }
}
