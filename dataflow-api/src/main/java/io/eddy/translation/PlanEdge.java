package io.eddy.translation;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.ShipStrategy;
import java.util.Objects;

/**
 * One input of a {@link PlanNode}: records of {@code recordType} from another node's main output
 * (or its side output {@code sideOutputTag}) to what {@code targetInput} names in the consumer.
 *
 * @param source the id of the producing node, lower than its consumer's
 * @param targetInput read by {@code role} as in {@code JobEdge}: the logical input (0, or 0 or 1
 *     for two-input operators) of a {@link EdgeRole#DATA} edge, the index of the variable in the
 *     consumer descriptor's {@code broadcastNames} for a {@link EdgeRole#BROADCAST} edge
 * @param role what the records are to the consumer; only {@code DATA} and {@code BROADCAST}
 * @param shipStrategy how records are distributed over the consumer's subtasks
 * @param keySelector the key selector of a {@link ShipStrategy#HASH} edge, otherwise null
 * @param recordType the type of the records
 * @param exchangeMode pipelined or blocking
 * @param sideOutputTag the id of the producer's side output the edge carries, or null for its main output
 * @param superstepBuffered inside a loop: the consumer buffers each superstep of the edge before it reads it ({@code JobEdge})
 */
public record PlanEdge(
        int source,
        int targetInput,
        EdgeRole role,
        ShipStrategy shipStrategy,
        KeySelector<?, ?> keySelector,
        TypeInfo<?> recordType,
        ExchangeMode exchangeMode,
        String sideOutputTag,
        boolean superstepBuffered) {

    public PlanEdge {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(shipStrategy, "shipStrategy");
        Objects.requireNonNull(recordType, "recordType");
        Objects.requireNonNull(exchangeMode, "exchangeMode");
        if (role == EdgeRole.FEEDBACK) {
            throw new IllegalArgumentException("Bug: a plan edge from node " + source + " has the role " + role
                    + " (expected: DATA, BROADCAST or SOLUTION_SET; feedback edges come from the plan's iterations)");
        }
        if (role == EdgeRole.BROADCAST && shipStrategy != ShipStrategy.BROADCAST) {
            throw new IllegalArgumentException("Bug: the broadcast variable edge from node " + source + " is shipped " + shipStrategy);
        }
        if (shipStrategy == ShipStrategy.HASH && keySelector == null) {
            throw new IllegalArgumentException("Bug: the HASH edge from node " + source + " has no key selector");
        }
        if (source < 0 || targetInput < 0) {
            throw new IllegalArgumentException("Bug: a plan edge from node " + source + " to input " + targetInput);
        }
    }

    /** An edge that is not superstep-buffered. */
    public PlanEdge(int source, int targetInput, EdgeRole role, ShipStrategy shipStrategy, KeySelector<?, ?> keySelector, TypeInfo<?> recordType,
            ExchangeMode exchangeMode, String sideOutputTag) {
        this(source, targetInput, role, shipStrategy, keySelector, recordType, exchangeMode, sideOutputTag, false);
    }

    /** A pipelined {@link EdgeRole#DATA} edge from the main output, without key: what most edges are. */
    public static PlanEdge data(int source, int targetInput, ShipStrategy shipStrategy, TypeInfo<?> recordType) {
        return new PlanEdge(source, targetInput, EdgeRole.DATA, shipStrategy, null, recordType, ExchangeMode.PIPELINED, null);
    }
}
