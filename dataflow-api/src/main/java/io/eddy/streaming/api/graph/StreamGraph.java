package io.eddy.streaming.api.graph;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.translation.PhysicalPlan;
import io.eddy.translation.PlanEdge;
import io.eddy.translation.PlanNode;
import io.eddy.translation.PlanStreamLoop;
import java.util.ArrayList;
import java.util.List;

/**
 * The physical plan of a streaming program before chaining: operators ({@link StreamNode}s) with
 * their resolved parallelism, and the edges between them with resolved partitioning. Nodes are in
 * topological order (node {@code i} has id {@code i}). {@link #toPhysicalPlan} hands it to the back
 * end, which chains it into a {@code JobGraph} and renders plans.
 */
public final class StreamGraph {

    private final List<StreamNode> nodes;
    private final List<StreamEdge> edges;
    private final List<FeedbackLoop> loops;

    /**
     * A streaming loop ({@code DataStream.iterate()}): its head and its tail node (docs/iterations.md).
     *
     * @param name the loop's name, unique in the graph
     */
    public record FeedbackLoop(String name, StreamNode head, StreamNode tail) {}

    StreamGraph(List<StreamNode> nodes, List<StreamEdge> edges, List<FeedbackLoop> loops) {
        this.nodes = List.copyOf(nodes);
        this.edges = List.copyOf(edges);
        this.loops = List.copyOf(loops);
    }

    /** The streaming loops, in the order of their heads. */
    public List<FeedbackLoop> getLoops() {
        return loops;
    }

    public List<StreamNode> getNodes() {
        return nodes;
    }

    public List<StreamEdge> getEdges() {
        return edges;
    }

    public StreamNode getNode(int id) {
        return nodes.get(id);
    }

    /**
     * The graph as the back end reads it ({@code io.eddy.translation}): one plan node per stream
     * node, with the same ids, each input edge pipelined, of role DATA; each loop a {@link
     * PlanStreamLoop}.
     */
    public PhysicalPlan toPhysicalPlan(String jobName) {
        List<PlanNode> planNodes = new ArrayList<>(nodes.size());
        for (StreamNode n : nodes) {
            PlanNode.Builder b = PlanNode.builder(n.getId(), n.getName(), n.toDescriptor()).displayName(n.getDisplayName()).uid(n.getUid())
                    .parallelism(n.getParallelism(), n.getMaxParallelism()).chainingStrategy(n.getChainingStrategy());
            for (StreamEdge e : n.getInEdges()) {
                b.input(new PlanEdge(e.source().getId(), e.targetInput(), EdgeRole.DATA, e.shipStrategy(), e.keySelector(), e.recordType(),
                        ExchangeMode.PIPELINED, e.sideOutputTag()));
            }
            planNodes.add(b.build());
        }
        List<PlanStreamLoop> planLoops = loops.stream().map(l -> new PlanStreamLoop(l.name(), l.head().getId(), l.tail().getId())).toList();
        return new PhysicalPlan(jobName, planNodes, List.of(), planLoops);
    }
}
