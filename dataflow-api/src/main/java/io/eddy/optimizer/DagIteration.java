package io.eddy.optimizer;

import io.eddy.api.common.operators.BulkIterationBase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A bulk loop in the optimizer DAG: its plan operator, its head node, the tails that feed the head
 * back, and the tail of its termination criterion (or null).
 *
 * <p>Its members, computed by {@link #members}, are the head and every node that reads it through
 * main outputs, directly or not (the dynamic path, combiners inserted later included): they run
 * superstep after superstep. A node of the body that reads no placeholder (the static path) is
 * computed once, outside the loop, and the loop's tasks keep its records.
 */
record DagIteration(BulkIterationBase<?> origin, OptNode head, List<OptNode> feedbackTails, OptNode terminationTail) {

    DagIteration {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(head, "head");
        feedbackTails = List.copyOf(feedbackTails);
    }

    String name() {
        return origin.getName();
    }

    /** The loop's nodes in DAG order: the head and everything downstream of its main output. */
    List<OptNode> members(Dag dag) {
        Set<OptNode> members = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<OptNode> todo = new ArrayDeque<>();
        todo.push(head);
        while (!todo.isEmpty()) {
            OptNode node = todo.pop();
            if (!members.add(node)) {
                continue;
            }
            for (OptNode consumer : dag.nodes()) {
                boolean readsMain = consumer.inputs().stream().anyMatch(c -> c.source() == node && c.sideOutputTag() == null)
                        || consumer.broadcastInputs().stream().anyMatch(c -> c.source() == node && c.sideOutputTag() == null);
                if (readsMain) {
                    todo.push(consumer);
                }
            }
        }
        List<OptNode> ordered = new ArrayList<>();
        for (OptNode node : dag.nodes()) {
            if (members.contains(node)) {
                ordered.add(node);
            }
        }
        return ordered;
    }
}
