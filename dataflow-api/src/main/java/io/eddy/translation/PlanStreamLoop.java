package io.eddy.translation;

import java.util.Objects;

/**
 * A streaming loop of a {@link PhysicalPlan} (docs/iterations.md, "Streaming iteration"): its head
 * node, which heads its vertex, and its tail node, whose records go back to the head's input 1. The
 * writer puts the two vertices into a {@code STREAM_LOOP} group joined by a feedback edge; the nodes
 * between them are ordinary nodes.
 *
 * @param name the loop's name, unique in its plan
 * @param headNode the id of the head node (nothing is chained to it from its input)
 * @param tailNode the id of the tail node, after the head; same parallelism
 */
public record PlanStreamLoop(String name, int headNode, int tailNode) {

    public PlanStreamLoop {
        Objects.requireNonNull(name, "name");
        if (tailNode <= headNode) {
            throw new IllegalArgumentException("Bug: the tail " + tailNode + " of stream loop '" + name + "' comes before its head " + headNode);
        }
    }
}
