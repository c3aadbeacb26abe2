package io.eddy.translation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What both compilers hand to the back end: the operators of one job in topological order, each
 * with its parallelism, chaining strategy, descriptor and input edges. The streaming API produces
 * it from its {@code StreamGraph}, the batch optimizer from its chosen plan; {@link
 * JobGraphWriter} chains it into a {@code JobGraph} and {@link PlanRenderer} shows it.
 *
 * <p>Immutable.
 *
 * @param jobName the job's name
 * @param nodes the nodes; node {@code i} has id {@code i}, and every edge comes from a lower id
 * @param iterations the superstep loops (batch plans only); a node is in at most one
 * @param streamLoops the streaming loops (stream plans only)
 */
public record PhysicalPlan(String jobName, List<PlanNode> nodes, List<PlanIteration> iterations, List<PlanStreamLoop> streamLoops) {

    /** A plan without loops. */
    public PhysicalPlan(String jobName, List<PlanNode> nodes) {
        this(jobName, nodes, List.of(), List.of());
    }

    /** A plan without streaming loops. */
    public PhysicalPlan(String jobName, List<PlanNode> nodes, List<PlanIteration> iterations) {
        this(jobName, nodes, iterations, List.of());
    }

    public PhysicalPlan {
        Objects.requireNonNull(jobName, "jobName");
        nodes = List.copyOf(nodes);
        iterations = List.copyOf(iterations);
        streamLoops = List.copyOf(streamLoops);
        for (PlanStreamLoop loop : streamLoops) {
            if (loop.tailNode() >= nodes.size()) {
                throw new IllegalArgumentException("Bug: stream loop '" + loop.name() + "' names node " + loop.tailNode()
                        + ", which is not in the plan");
            }
        }
        for (PlanIteration it : iterations) {
            for (int member : it.memberNodes()) {
                if (member < 0 || member >= nodes.size()) {
                    throw new IllegalArgumentException("Bug: iteration '" + it.name() + "' names node " + member + ", which is not in the plan");
                }
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).id() != i) {
                throw new IllegalArgumentException("Bug: plan node '" + nodes.get(i).name() + "' at position " + i + " has id " + nodes.get(i).id());
            }
        }
    }

    public PlanNode node(int id) {
        return nodes.get(id);
    }

    /** The loop node {@code id} belongs to, or null. */
    public PlanIteration iterationOf(int id) {
        for (PlanIteration it : iterations) {
            if (it.contains(id)) {
                return it;
            }
        }
        return null;
    }

    /**
     * Where each node's records go: per node, its consumers' input edges that read it, ordered by
     * consumer id, then by the consumer's input order. This is the order of a chained operator's
     * outputs and of a vertex's output edges.
     */
    public List<List<Consumer>> consumers() {
        List<List<Consumer>> result = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            result.add(new ArrayList<>());
        }
        for (PlanNode n : nodes) {
            for (int k = 0; k < n.inputs().size(); k++) {
                result.get(n.inputs().get(k).source()).add(new Consumer(n, k));
            }
        }
        return result.stream().map(List::copyOf).toList();
    }

    /**
     * One reader of a node's output.
     *
     * @param node the consuming node
     * @param inputIndex the position of the edge in {@code node.inputs()}, which is its input gate index if the node heads a chain
     */
    public record Consumer(PlanNode node, int inputIndex) {
        public PlanEdge edge() {
            return node.inputs().get(inputIndex);
        }
    }
}
