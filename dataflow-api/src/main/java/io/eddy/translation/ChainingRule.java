package io.eddy.translation;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.ShipStrategy;

/**
 * The one rule that decides which operators share a task. A node runs in its producer's chain
 * (records pass as objects on one thread, without serialization) when
 * <ul>
 *   <li>it has exactly one input edge (broadcast inputs count),</li>
 *   <li>that edge is {@link ShipStrategy#FORWARD} and {@link ExchangeMode#PIPELINED},</li>
 *   <li>producer and node have equal parallelism and equal max parallelism,</li>
 *   <li>the node's chaining strategy is {@link ChainingStrategy#ALWAYS}, and</li>
 *   <li>the producer's is not {@link ChainingStrategy#NEVER}, and</li>
 *   <li>both are in the same loop or both outside loops ({@link PhysicalPlan#iterationOf}): a
 *       loop's head starts its vertex, and what reads a loop's result is not in the loop's tasks.</li>
 * </ul>
 * A producer may have several chained consumers: a chain is a tree from its head.
 */
public final class ChainingRule {

    private ChainingRule() {}

    /** Whether {@code node} of {@code plan} runs in its producer's chain. */
    public static boolean isChainedToProducer(PhysicalPlan plan, PlanNode node) {
        if (node.inputs().size() != 1) {
            return false;
        }
        PlanEdge edge = node.inputs().get(0);
        PlanNode producer = plan.node(edge.source());
        return edge.shipStrategy() == ShipStrategy.FORWARD
                && edge.exchangeMode() == ExchangeMode.PIPELINED
                && !edge.superstepBuffered()
                && producer.parallelism() == node.parallelism()
                && producer.maxParallelism() == node.maxParallelism()
                && node.chainingStrategy() == ChainingStrategy.ALWAYS
                && producer.chainingStrategy() != ChainingStrategy.NEVER
                && plan.iterationOf(producer.id()) == plan.iterationOf(node.id());
    }
}
