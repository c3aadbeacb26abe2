package io.eddy.optimizer;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.FieldsKeySelector;
import io.eddy.jobgraph.InstantiationUtil;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 6: writes the {@link JobGraph}. A node is chained to its producer when its only channel
 * is FORWARD and PIPELINED between equal parallelisms (the streaming chaining rule, plus the
 * exchange mode); a chain may fan out. Chains become vertices ordered by their head's id
 * (topological). All vertices get one max parallelism, so equal hash exchanges map keys alike.
 */
final class JobGraphWriter {

    /** A chain: its nodes, head first, and the channels leaving it. */
    private static final class Chain {
        final List<OptNode> members = new ArrayList<>();
        final List<Channel> networkOutputs = new ArrayList<>();
        int vertexIndex;
    }

    private final Dag dag;
    private final SerializerConfig serializerConfig;
    private final Map<OptNode, Chain> chainOf = new IdentityHashMap<>();
    private final List<Chain> chains = new ArrayList<>();

    private JobGraphWriter(Dag dag) {
        this.dag = dag;
        this.serializerConfig = dag.plan().getSerializerConfig();
    }

    static JobGraph write(Dag dag, long bufferTimeoutMillis, Map<String, String> settings) {
        JobGraphWriter writer = new JobGraphWriter(dag);
        writer.buildChains();
        int maxParallelism = Math.max(KeyGroups.DEFAULT_MAX_PARALLELISM, dag.maxNodeParallelism());
        List<JobEdge> edges = writer.edges();
        List<JobVertex> vertices = writer.vertices(maxParallelism);
        byte[] config = InstantiationUtil.serialize(writer.serializerConfig, "the serializer config (registered Kryo types)");
        return new JobGraph(JobId.generate(), dag.plan().getJobName(), vertices, edges, bufferTimeoutMillis, config, settings);
    }

    /** Whether {@code node} runs in its producer's chain. */
    static boolean isChained(OptNode node) {
        if (node.inputs().size() != 1 || !node.broadcastInputs().isEmpty()) {
            return false;
        }
        Channel c = node.inputs().get(0);
        return c.isForward() && c.exchangeMode() == ExchangeMode.PIPELINED && c.source().parallelism() == node.parallelism();
    }

    private void buildChains() {
        for (OptNode node : dag.nodes()) {
            if (!isChained(node)) {
                Chain chain = new Chain();
                chain.vertexIndex = chains.size();
                chains.add(chain);
                addToChain(chain, node);
            }
        }
        for (Chain chain : chains) {
            for (OptNode member : chain.members) {
                for (OptNode consumer : dag.consumersOf(member)) {
                    for (Channel c : channelsFrom(consumer, member)) {
                        if (chainOf.get(consumer) != chain || !isChained(consumer)) {
                            chain.networkOutputs.add(c);
                        }
                    }
                }
            }
        }
    }

    private void addToChain(Chain chain, OptNode node) {
        chain.members.add(node);
        chainOf.put(node, chain);
        for (OptNode consumer : dag.consumersOf(node)) {
            if (isChained(consumer) && chainOf.get(consumer) == null) {
                addToChain(chain, consumer);
            }
        }
    }

    private static List<Channel> channelsFrom(OptNode consumer, OptNode producer) {
        List<Channel> result = new ArrayList<>();
        for (Channel c : allInputs(consumer)) {
            if (c.source() == producer) {
                result.add(c);
            }
        }
        return result;
    }

    /** Regular channels, then broadcast channels: the head's gate order. */
    private static List<Channel> allInputs(OptNode node) {
        List<Channel> all = new ArrayList<>(node.inputs());
        all.addAll(node.broadcastInputs());
        return all;
    }

    private List<JobEdge> edges() {
        List<JobEdge> result = new ArrayList<>();
        for (Chain chain : chains) {
            for (int i = 0; i < chain.networkOutputs.size(); i++) {
                Channel c = chain.networkOutputs.get(i);
                OptNode target = consumerOf(c);
                Chain targetChain = chainOf.get(target);
                int gate = allInputs(target).indexOf(c);
                String what = "input of '" + target.name() + "' from '" + c.source().name() + "'";
                byte[] selector = c.shipStrategy() == ShipStrategy.HASH
                        ? InstantiationUtil.serialize(keySelector(c), "the key selector of the " + what) : null;
                byte[] type = InstantiationUtil.serialize(c.recordType(), "the record type of the " + what);
                result.add(new JobEdge(new JobVertexId(chain.vertexIndex), i, new JobVertexId(targetChain.vertexIndex), gate, c.targetInput(),
                        c.role(), c.shipStrategy(), c.exchangeMode(), selector, type));
            }
        }
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private FieldsKeySelector<?> keySelector(Channel c) {
        return new FieldsKeySelector(c.recordType(), c.shipKeys(), serializerConfig);
    }

    private OptNode consumerOf(Channel channel) {
        for (OptNode n : dag.nodes()) {
            if (allInputs(n).stream().anyMatch(c -> c == channel)) {
                return n;
            }
        }
        throw new IllegalStateException("Bug: channel " + channel + " has no consumer");
    }

    private List<JobVertex> vertices(int maxParallelism) {
        List<JobVertex> vertices = new ArrayList<>();
        for (Chain chain : chains) {
            List<OperatorSpec> specs = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (OptNode member : chain.members) {
                names.add(member.name());
                specs.add(spec(chain, member));
            }
            vertices.add(new JobVertex(new JobVertexId(chain.vertexIndex), String.join(" -> ", names), chain.members.get(0).parallelism(),
                    maxParallelism, specs));
        }
        return vertices;
    }

    private OperatorSpec spec(Chain chain, OptNode node) {
        List<OperatorOutput> outputs = new ArrayList<>();
        for (OptNode consumer : dag.consumersOf(node)) {
            for (Channel c : channelsFrom(consumer, node)) {
                int network = chain.networkOutputs.indexOf(c);
                outputs.add(network >= 0 ? OperatorOutput.network(network)
                        : OperatorOutput.chained(chain.members.indexOf(consumer), c.targetInput()));
            }
        }
        OperatorDescriptor.Builder b = OperatorDescriptor.builder(node.kind()).userFunction(node.userFunction()).outputType(node.outputType())
                .broadcastNames(node.broadcastNames()).memoryFraction(node.memoryFraction());
        node.inputTypes().forEach(b::inputType);
        byte[] descriptor = InstantiationUtil.serialize(b.build(), "the operator '" + node.name() + "'");
        String kind = node.kind().name();
        return new OperatorSpec("batch-" + node.id() + "-" + kind, node.name(), kind, descriptor, outputs);
    }
}
