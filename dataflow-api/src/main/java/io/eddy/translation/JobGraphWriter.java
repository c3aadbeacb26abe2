package io.eddy.translation;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Chains a {@link PhysicalPlan} into a {@link JobGraph}, the back end of both the streaming API and
 * the batch optimizer. Nodes are chained by {@link ChainingRule}; a chain may fan out (one operator
 * feeding several chained ones), and its operators are listed depth first from the head, each
 * operator's consumers in {@link PhysicalPlan#consumers()} order.
 *
 * <p>Numbering:
 * <ul>
 *   <li>vertices: one per chain, ordered by the id of the head, which is topological because every
 *       edge goes from a lower to a higher node id;</li>
 *   <li>{@code sourceOutputIndex}: the edges leaving a chain, numbered per vertex in chain order,
 *       each member's edges in consumer order; a {@code NETWORK} operator output carries this index;</li>
 *   <li>{@code targetGateIndex}: an edge's position in its head's inputs (data before broadcast);</li>
 *   <li>a {@code CHAINED} operator output carries the receiving operator's position in the chain.</li>
 * </ul>
 *
 * <p>Used once, on the thread that translates the program.
 */
public final class JobGraphWriter {

    /** One chain: its nodes, head first, and the edges leaving it. */
    private static final class Chain {
        final List<PlanNode> members = new ArrayList<>();
        final List<PhysicalPlan.Consumer> networkOutputs = new ArrayList<>();
        final int vertexIndex;

        Chain(int vertexIndex) {
            this.vertexIndex = vertexIndex;
        }
    }

    private final PhysicalPlan plan;
    private final List<List<PhysicalPlan.Consumer>> consumers;
    private final boolean[] chained;
    private final Chain[] chainOf;
    private final List<Chain> chains = new ArrayList<>();

    private JobGraphWriter(PhysicalPlan plan) {
        this.plan = plan;
        this.consumers = plan.consumers();
        this.chained = new boolean[plan.nodes().size()];
        this.chainOf = new Chain[plan.nodes().size()];
        for (PlanNode n : plan.nodes()) {
            chained[n.id()] = ChainingRule.isChainedToProducer(plan, n);
        }
    }

    /**
     * Builds the job graph of {@code plan}, with a new job id.
     *
     * @param bufferTimeoutMillis the job graph's buffer timeout
     * @param serializerConfig the job's serializer settings (registered Kryo types), which the
     *     job graph carries Java-serialized
     * @param settings the job graph's settings
     */
    public static JobGraph write(PhysicalPlan plan, long bufferTimeoutMillis, SerializerConfig serializerConfig, Map<String, String> settings) {
        JobGraphWriter writer = new JobGraphWriter(plan);
        writer.buildChains();
        List<JobEdge> edges = writer.edges();
        List<JobVertex> vertices = writer.vertices();
        List<VertexGroup> groups = new ArrayList<>();
        for (PlanIteration it : plan.iterations()) {
            groups.add(writer.iterationGroup(it));
            edges.addAll(writer.feedbackEdges(it));
        }
        for (PlanStreamLoop loop : plan.streamLoops()) {
            groups.add(writer.streamLoopGroup(loop));
            edges.add(writer.feedbackEdge(loop));
        }
        byte[] config = InstantiationUtil.serialize(serializerConfig, "the serializer config (registered Kryo types)");
        return new JobGraph(JobId.generate(), plan.jobName(), vertices, edges, bufferTimeoutMillis, config, settings, groups);
    }

    private void buildChains() {
        for (PlanNode node : plan.nodes()) {
            if (!chained[node.id()]) {
                Chain chain = new Chain(chains.size());
                chains.add(chain);
                addToChain(chain, node);
            }
        }
        for (Chain chain : chains) {
            for (PlanNode member : chain.members) {
                for (PhysicalPlan.Consumer c : consumers.get(member.id())) {
                    if (!chained[c.node().id()]) {
                        chain.networkOutputs.add(c);
                    }
                }
            }
        }
    }

    private void addToChain(Chain chain, PlanNode node) {
        chain.members.add(node);
        chainOf[node.id()] = chain;
        for (PhysicalPlan.Consumer c : consumers.get(node.id())) {
            // a chained consumer's only input is this edge, so it is reached once
            if (chained[c.node().id()]) {
                addToChain(chain, c.node());
            }
        }
    }

    private List<JobEdge> edges() {
        List<JobEdge> result = new ArrayList<>();
        for (Chain chain : chains) {
            for (int i = 0; i < chain.networkOutputs.size(); i++) {
                PhysicalPlan.Consumer c = chain.networkOutputs.get(i);
                PlanEdge e = c.edge();
                String what = "edge from '" + plan.node(e.source()).name() + "' to '" + c.node().name() + "'";
                byte[] keySelector = e.keySelector() == null ? null : InstantiationUtil.serialize(e.keySelector(), "the key selector of the " + what);
                byte[] recordType = InstantiationUtil.serialize(e.recordType(), "the record type of the " + what);
                result.add(new JobEdge(new JobVertexId(chain.vertexIndex), i, new JobVertexId(chainOf[c.node().id()].vertexIndex), c.inputIndex(),
                        e.targetInput(), e.role(), e.shipStrategy(), e.exchangeMode(), keySelector, recordType, e.superstepBuffered()));
            }
        }
        return result;
    }

    /** The ITERATION group of loop {@code it}: the vertices of its nodes, the head's vertex named in its spec. */
    private VertexGroup iterationGroup(PlanIteration it) {
        Chain head = chainOf[it.headNode()];
        if (head.members.get(0).id() != it.headNode()) {
            throw new IllegalStateException("Bug: the head node " + it.headNode() + " of iteration '" + it.name() + "' was chained into '"
                    + head.members.get(0).name() + "'");
        }
        List<JobVertexId> members = it.memberNodes().stream().map(n -> chainOf[n].vertexIndex).distinct().sorted().map(JobVertexId::new).toList();
        IterationSpec spec = new IterationSpec(it.name(), it.kind(), new JobVertexId(head.vertexIndex), it.maxIterations(), it.aggregatorsBytes(),
                it.terminationCriterion());
        return VertexGroup.iteration(spec, members);
    }

    /**
     * One FEEDBACK edge per tail of {@code it}, from the tail's vertex to the head's, numbered after
     * the network outputs of the one and the inputs of the other (no channel carries it); tail
     * <i>i</i>'s edge feeds the head's logical input <i>i</i>.
     */
    private List<JobEdge> feedbackEdges(PlanIteration it) {
        List<JobEdge> result = new ArrayList<>();
        Chain head = chainOf[it.headNode()];
        int gate = plan.node(it.headNode()).inputs().size();
        for (int i = 0; i < it.feedbackTails().size(); i++) {
            int tail = it.feedbackTails().get(i);
            Chain source = chainOf[tail];
            PlanNode tailNode = plan.node(tail);
            byte[] recordType = InstantiationUtil.serialize(tailNode.inputs().get(0).recordType(),
                    "the record type of the feedback of iteration '" + it.name() + "'");
            result.add(new JobEdge(new JobVertexId(source.vertexIndex), source.networkOutputs.size(), new JobVertexId(head.vertexIndex), gate++, i,
                    EdgeRole.FEEDBACK, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, recordType));
        }
        return result;
    }

    /** The STREAM_LOOP group of {@code loop}: its head's and its tail's vertices (one, if the tail is chained into the head's). */
    private VertexGroup streamLoopGroup(PlanStreamLoop loop) {
        Chain head = chainOf[loop.headNode()];
        if (head.members.get(0).id() != loop.headNode()) {
            throw new IllegalStateException("Bug: the head node " + loop.headNode() + " of stream loop '" + loop.name() + "' was chained into '"
                    + head.members.get(0).name() + "'");
        }
        List<JobVertexId> members = java.util.stream.Stream.of(head.vertexIndex, chainOf[loop.tailNode()].vertexIndex).distinct().sorted()
                .map(JobVertexId::new).toList();
        return new VertexGroup(loop.name(), VertexGroup.Kind.STREAM_LOOP, members);
    }

    /**
     * The FEEDBACK edge of {@code loop}, from the tail's vertex to the head's input 1, numbered after
     * the network outputs of the one and the inputs of the other (no channel carries it).
     */
    private JobEdge feedbackEdge(PlanStreamLoop loop) {
        Chain head = chainOf[loop.headNode()];
        Chain tail = chainOf[loop.tailNode()];
        PlanNode tailNode = plan.node(loop.tailNode());
        byte[] recordType = InstantiationUtil.serialize(tailNode.inputs().get(0).recordType(),
                "the record type of the feedback of stream loop '" + loop.name() + "'");
        return new JobEdge(new JobVertexId(tail.vertexIndex), tail.networkOutputs.size(), new JobVertexId(head.vertexIndex),
                plan.node(loop.headNode()).inputs().size(), 1, EdgeRole.FEEDBACK, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, recordType);
    }

    private List<JobVertex> vertices() {
        List<JobVertex> vertices = new ArrayList<>();
        for (Chain chain : chains) {
            List<OperatorSpec> specs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (PlanNode member : chain.members) {
                names.add(member.displayName());
                specs.add(spec(chain, member));
            }
            PlanNode head = chain.members.get(0);
            vertices.add(new JobVertex(new JobVertexId(chain.vertexIndex), String.join(" -> ", names), head.parallelism(),
                    head.maxParallelism(), specs));
        }
        return vertices;
    }

    private OperatorSpec spec(Chain chain, PlanNode node) {
        List<OperatorOutput> outputs = new ArrayList<>();
        for (PhysicalPlan.Consumer c : consumers.get(node.id())) {
            String tag = c.edge().sideOutputTag();
            if (chained[c.node().id()]) {
                outputs.add(new OperatorOutput(OperatorOutput.Target.CHAINED, chain.members.indexOf(c.node()), c.edge().targetInput(), tag));
            } else {
                outputs.add(new OperatorOutput(OperatorOutput.Target.NETWORK, chain.networkOutputs.indexOf(c), 0, tag));
            }
        }
        byte[] descriptor = InstantiationUtil.serialize(node.descriptor(), "the operator '" + node.name() + "'");
        return new OperatorSpec(node.uid(), node.name(), node.descriptor().kind().name(), descriptor, outputs);
    }
}
