package io.eddy.streaming.api.graph;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chains a {@link StreamGraph} into a {@link JobGraph}. An operator is chained to its upstream
 * operator when the edge between them is FORWARD, both have the same parallelism and maximum
 * parallelism, the operator has exactly one input edge, it does not start a new chain or forbid
 * chaining, and the upstream operator does not forbid chaining. A chain may fan out (one operator
 * feeding several chained ones); its operators are listed depth first from the head.
 *
 * <p>Chains become vertices ordered by the id of their head, which is topological because every
 * edge between chains goes from a lower to a higher node id. Edges leaving a chain are numbered
 * per vertex in chain order ({@code sourceOutputIndex}); edges entering a chain are numbered in
 * the head's input order ({@code targetGateIndex}).
 *
 * <p>Used once, on the thread that translates the program.
 */
public final class JobGraphGenerator {

    /** One chain: its operators, head first, and where each node sits in it. */
    private static final class Chain {
        final List<StreamNode> members = new ArrayList<>();
        final Map<StreamNode, Integer> index = new IdentityHashMap<>();
        final List<StreamEdge> networkOutputs = new ArrayList<>();
        int vertexIndex;

        StreamNode head() {
            return members.get(0);
        }
    }

    private final StreamGraph graph;
    private final Map<StreamNode, Chain> chainOf = new IdentityHashMap<>();
    private final List<Chain> chains = new ArrayList<>();

    private JobGraphGenerator(StreamGraph graph) {
        this.graph = graph;
    }

    /**
     * Builds the job graph.
     *
     * @param settings the job graph's settings
     * @param serializerConfigBytes the Java-serialized {@code SerializerConfig}
     */
    public static JobGraph generate(StreamGraph graph, String jobName, long bufferTimeoutMillis, byte[] serializerConfigBytes,
            Map<String, String> settings) {
        JobGraphGenerator generator = new JobGraphGenerator(graph);
        generator.buildChains();
        List<JobEdge> jobEdges = generator.createJobEdges();
        List<JobVertex> vertices = generator.createVertices();
        return new JobGraph(JobId.generate(), jobName, vertices, jobEdges, bufferTimeoutMillis, serializerConfigBytes, settings);
    }

    /** Whether {@code edge} connects two operators of one chain. */
    public static boolean isChainable(StreamEdge edge) {
        StreamNode up = edge.source();
        StreamNode down = edge.target();
        return edge.shipStrategy() == ShipStrategy.FORWARD
                && up.getParallelism() == down.getParallelism()
                && up.getMaxParallelism() == down.getMaxParallelism()
                && down.getInEdges().size() == 1
                && down.getChainingStrategy() == ChainingStrategy.ALWAYS
                && up.getChainingStrategy() != ChainingStrategy.NEVER;
    }

    private void buildChains() {
        for (StreamNode node : graph.getNodes()) {
            boolean chainedToInput = node.getInEdges().size() == 1 && isChainable(node.getInEdges().get(0));
            if (!chainedToInput) {
                Chain chain = new Chain();
                chain.vertexIndex = chains.size();
                chains.add(chain);
                addToChain(chain, node);
            }
        }
        for (Chain chain : chains) {
            for (StreamNode member : chain.members) {
                for (StreamEdge out : member.getOutEdges()) {
                    if (chainOf.get(out.target()) != chain) {
                        chain.networkOutputs.add(out);
                    }
                }
            }
        }
    }

    private void addToChain(Chain chain, StreamNode node) {
        chain.index.put(node, chain.members.size());
        chain.members.add(node);
        chainOf.put(node, chain);
        for (StreamEdge out : node.getOutEdges()) {
            if (isChainable(out)) {
                addToChain(chain, out.target());
            }
        }
    }

    private List<JobEdge> createJobEdges() {
        Map<StreamEdge, Integer> gateIndex = new IdentityHashMap<>();
        for (Chain chain : chains) {
            List<StreamEdge> in = chain.head().getInEdges();
            for (int i = 0; i < in.size(); i++) {
                gateIndex.put(in.get(i), i);
            }
        }
        List<JobEdge> result = new ArrayList<>();
        for (Chain chain : chains) {
            for (int i = 0; i < chain.networkOutputs.size(); i++) {
                StreamEdge e = chain.networkOutputs.get(i);
                Integer gate = gateIndex.get(e);
                if (gate == null) {
                    throw new IllegalStateException("Bug: edge " + e + " leaves a chain but does not enter a chain head");
                }
                String what = "edge from '" + e.source().getName() + "' to '" + e.target().getName() + "'";
                byte[] keySelector = e.keySelector() == null ? null : InstantiationUtil.serialize(e.keySelector(), "the key selector of the " + what);
                byte[] recordType = InstantiationUtil.serialize(e.recordType(), "the record type of the " + what);
                result.add(new JobEdge(new JobVertexId(chain.vertexIndex), i, new JobVertexId(chainOf.get(e.target()).vertexIndex), gate,
                        e.targetInput(), e.shipStrategy(), ExchangeMode.PIPELINED, keySelector, recordType));
            }
        }
        return result;
    }

    private List<JobVertex> createVertices() {
        List<JobVertex> vertices = new ArrayList<>();
        for (Chain chain : chains) {
            Map<StreamEdge, Integer> outputIndex = new HashMap<>();
            for (int i = 0; i < chain.networkOutputs.size(); i++) {
                outputIndex.put(chain.networkOutputs.get(i), i);
            }
            List<OperatorSpec> specs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (StreamNode member : chain.members) {
                names.add(member.getDisplayName());
                specs.add(createSpec(chain, member, outputIndex));
            }
            StreamNode head = chain.head();
            vertices.add(new JobVertex(new JobVertexId(chain.vertexIndex), String.join(" -> ", names), head.getParallelism(),
                    head.getMaxParallelism(), specs));
        }
        return vertices;
    }

    private OperatorSpec createSpec(Chain chain, StreamNode node, Map<StreamEdge, Integer> outputIndex) {
        List<OperatorOutput> outputs = new ArrayList<>();
        for (StreamEdge out : node.getOutEdges()) {
            Integer network = outputIndex.get(out);
            if (network != null) {
                outputs.add(new OperatorOutput(OperatorOutput.Target.NETWORK, network, 0, out.sideOutputTag()));
            } else {
                outputs.add(new OperatorOutput(OperatorOutput.Target.CHAINED, chain.index.get(out.target()), out.targetInput(),
                        out.sideOutputTag()));
            }
        }
        byte[] descriptor = InstantiationUtil.serialize(node.toDescriptor(), "the operator '" + node.getName() + "'");
        return new OperatorSpec(node.getUid(), node.getName(), node.getKind().name(), descriptor, outputs);
    }
}
