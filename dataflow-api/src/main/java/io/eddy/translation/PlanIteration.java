package io.eddy.translation;

import io.eddy.jobgraph.IterationSpec;
import java.util.List;
import java.util.Objects;

/**
 * A loop of a {@link PhysicalPlan} (docs/iterations.md): its nodes, which become the members of an
 * {@code ITERATION} vertex group, its head node and the tails that feed the head back.
 *
 * @param name the iteration's name, unique in its plan
 * @param kind bulk or delta
 * @param headNode the id of the loop's head node (it heads its vertex: nothing from outside the loop is chained to it)
 * @param memberNodes the ids of every node of the loop: the head, the nodes that depend on it
 *     (the dynamic path) and the tails, ascending
 * @param feedbackTails the ids of the tails whose records go back to the head (one feedback edge each), tail
 *     <i>i</i> feeding the head's logical input <i>i</i>: bulk, the next partial solution; delta, the
 *     solution-set delta (input 0) and the next workset (input 1)
 * @param maxIterations the largest number of supersteps
 * @param aggregatorsBytes the Java-serialized {@code AggregatorRegistry}
 * @param terminationCriterion whether a termination-criterion tail ends the loop early
 */
public record PlanIteration(String name, IterationSpec.Kind kind, int headNode, List<Integer> memberNodes, List<Integer> feedbackTails,
        int maxIterations, byte[] aggregatorsBytes, boolean terminationCriterion) {

    public PlanIteration {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(aggregatorsBytes, "aggregatorsBytes");
        memberNodes = List.copyOf(memberNodes);
        feedbackTails = List.copyOf(feedbackTails);
        if (!memberNodes.contains(headNode) || !memberNodes.containsAll(feedbackTails)) {
            throw new IllegalArgumentException("Bug: iteration '" + name + "' has head " + headNode + " and tails " + feedbackTails
                    + " that are not all among its members " + memberNodes);
        }
        for (int tail : feedbackTails) {
            if (tail <= headNode) {
                throw new IllegalArgumentException("Bug: the tail " + tail + " of iteration '" + name + "' comes before its head " + headNode);
            }
        }
    }

    public boolean contains(int node) {
        return memberNodes.contains(node);
    }
}
