package io.eddy.optimizer;

import io.eddy.api.common.operators.Plan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The optimizer DAG: its nodes in topological order (inputs before consumers) and the plan it
 * was built from. Passes may insert nodes just before their consumer, keeping the order
 * topological, then {@link #renumber()}.
 *
 * <p>Used by one thread, the compiling one.
 */
final class Dag {

    private final Plan plan;
    private final List<OptNode> nodes = new ArrayList<>();
    private final List<DagIteration> iterations = new ArrayList<>();

    Dag(Plan plan) {
        this.plan = plan;
    }

    Plan plan() {
        return plan;
    }

    /** The nodes, topologically ordered (unmodifiable view). */
    List<OptNode> nodes() {
        return Collections.unmodifiableList(nodes);
    }

    /** The loops, in the order their plan operators were translated (unmodifiable view). */
    List<DagIteration> iterations() {
        return Collections.unmodifiableList(iterations);
    }

    void addIteration(DagIteration iteration) {
        iterations.add(iteration);
    }

    void add(OptNode node) {
        nodes.add(node);
    }

    /** Inserts {@code node} just before {@code consumer}. */
    void insertBefore(OptNode consumer, OptNode node) {
        int at = nodes.indexOf(consumer);
        if (at < 0) {
            throw new IllegalStateException("Bug: node " + consumer + " is not in the DAG");
        }
        nodes.add(at, node);
    }

    /** Removes {@code node}, which no node may read any more. */
    void remove(OptNode node) {
        if (!consumersOf(node).isEmpty()) {
            throw new IllegalStateException("Bug: removing node " + node + ", which " + consumersOf(node) + " still read");
        }
        if (!nodes.remove(node)) {
            throw new IllegalStateException("Bug: node " + node + " is not in the DAG");
        }
    }

    /** Gives every node its position as id. */
    void renumber() {
        for (int i = 0; i < nodes.size(); i++) {
            nodes.get(i).setId(i);
        }
    }

    /** The nodes reading {@code node} through a regular or broadcast channel. */
    List<OptNode> consumersOf(OptNode node) {
        List<OptNode> result = new ArrayList<>();
        for (OptNode n : nodes) {
            boolean reads = n.inputs().stream().anyMatch(c -> c.source() == node)
                    || n.broadcastInputs().stream().anyMatch(c -> c.source() == node);
            if (reads) {
                result.add(n);
            }
        }
        return result;
    }

    /** The largest parallelism of any node (at least 1). */
    int maxNodeParallelism() {
        return nodes.stream().mapToInt(OptNode::parallelism).max().orElse(1);
    }
}
