package io.eddy.optimizer;

import io.eddy.api.common.operators.IterationOperator;
import io.eddy.jobgraph.IterationSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A loop in the optimizer DAG: its plan operator and kind, its head node, the tails that feed the
 * head back (tail <i>i</i> feeds the head's input <i>i</i>: bulk, the next partial solution; delta,
 * the solution-set delta and then the next workset), the tail of its termination criterion (or
 * null), and the nodes that read the solution set (delta).
 *
 * <p>Its members, computed by {@link #members}, are the head and every node that reads it through
 * main outputs, directly or not (the dynamic path, combiners inserted later included): they run
 * superstep after superstep. A node of the body that reads no placeholder (the static path) is
 * computed once, outside the loop, and the loop's tasks keep its records.
 */
record DagIteration(IterationOperator origin, IterationSpec.Kind kind, OptNode head, List<OptNode> feedbackTails, OptNode terminationTail,
        List<OptNode> solutionSetReaders) {

    DagIteration {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(head, "head");
        feedbackTails = List.copyOf(feedbackTails);
        solutionSetReaders = List.copyOf(solutionSetReaders);
    }

    /** The nodes bound to the lane of their head (tails, solution-set readers): they must run with its parallelism in its slot. */
    List<OptNode> laneBound() {
        List<OptNode> bound = new ArrayList<>(feedbackTails);
        if (terminationTail != null) {
            bound.add(terminationTail);
        }
        bound.addAll(solutionSetReaders);
        return bound;
    }

    String name() {
        return origin.getName();
    }

    /**
     * Refuses a tail or solution-set reader that does not depend on the loop's head: it would run
     * once, outside the loop, where no lane's solution set or back channel exists.
     */
    void checkLaneBoundAreMembers(Dag dag) {
        List<OptNode> members = members(dag);
        for (OptNode bound : laneBound()) {
            if (!members.contains(bound)) {
                String data = kind == IterationSpec.Kind.DELTA ? "workset" : "partial solution";
                String name = bound.origin() != null ? bound.name() : bound.inputs().get(0).source().name();
                throw new IllegalArgumentException("Iteration '" + name() + "': '" + name + "' does not depend on the loop's " + data
                        + ", so it would be computed once, not in every superstep; make it read the " + data
                        + (kind == IterationSpec.Kind.DELTA ? " (getWorkset())" : "") + ", directly or through other operators of the loop");
            }
        }
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
