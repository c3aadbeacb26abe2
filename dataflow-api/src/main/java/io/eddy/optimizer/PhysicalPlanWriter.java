package io.eddy.optimizer;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.FieldsKeySelector;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.translation.ChainingStrategy;
import io.eddy.translation.PhysicalPlan;
import io.eddy.translation.PlanEdge;
import io.eddy.translation.PlanIteration;
import io.eddy.translation.PlanNode;
import io.eddy.translation.PlanProperty;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 6: writes the chosen DAG as the back end's {@link PhysicalPlan}, which chains it into the
 * job graph and renders the plans. One plan node per DAG node, with the same id; every node may be
 * chained ({@link ChainingStrategy#ALWAYS}); all nodes get one max parallelism (the larger of
 * {@link KeyGroups#DEFAULT_MAX_PARALLELISM} and the largest parallelism), so equal hash exchanges
 * map keys alike. A node's inputs are its regular channels, then its broadcast channels; a HASH
 * channel's key selector hashes its {@code KeySpec} ({@link FieldsKeySelector}). The node's
 * strategies, keys, memory share, estimates and costs become plan properties.
 */
final class PhysicalPlanWriter {

    private PhysicalPlanWriter() {}

    static PhysicalPlan write(Dag dag) {
        SerializerConfig serializerConfig = dag.plan().getSerializerConfig();
        int maxParallelism = Math.max(KeyGroups.DEFAULT_MAX_PARALLELISM, dag.maxNodeParallelism());
        List<PlanNode> nodes = new ArrayList<>(dag.nodes().size());
        for (OptNode n : dag.nodes()) {
            String kind = n.kind().name();
            PlanNode.Builder b = PlanNode.builder(n.id(), n.name(), descriptor(n)).uid("batch-" + n.id() + "-" + kind)
                    .parallelism(n.parallelism(), maxParallelism).chainingStrategy(ChainingStrategy.ALWAYS);
            List<Channel> channels = new ArrayList<>(n.inputs());
            channels.addAll(n.broadcastInputs());
            for (Channel c : channels) {
                FieldsKeySelector<?> selector = c.shipStrategy() == ShipStrategy.HASH ? keySelector(c, serializerConfig) : null;
                b.input(new PlanEdge(c.source().id(), c.targetInput(), c.role(), c.shipStrategy(), selector, c.recordType(), c.exchangeMode(),
                        c.sideOutputTag(), c.superstepBuffered()));
            }
            properties(n, b);
            iterationProperties(dag, n, b);
            nodes.add(b.build());
        }
        List<PlanIteration> iterations = new ArrayList<>();
        for (DagIteration it : dag.iterations()) {
            iterations.add(iteration(dag, it));
        }
        return new PhysicalPlan(dag.plan().getJobName(), nodes, iterations);
    }

    private static PlanIteration iteration(Dag dag, DagIteration it) {
        List<OptNode> memberNodes = it.members(dag);
        List<Integer> members = memberNodes.stream().map(OptNode::id).toList();
        List<Integer> tails = it.feedbackTails().stream().map(OptNode::id).toList();
        byte[] aggregators = InstantiationUtil.serialize(it.origin().getAggregators(),
                "the aggregators of iteration '" + it.name() + "' (aggregators and convergence criteria must be serializable)");
        return new PlanIteration(it.name(), it.kind(), it.head().id(), members, tails, it.origin().getMaxIterations(), aggregators,
                it.terminationTail() != null);
    }

    /** Where a node stands in a loop, for plans: the loop's name and, for the head, its bound. */
    private static void iterationProperties(Dag dag, OptNode n, PlanNode.Builder b) {
        for (DagIteration it : dag.iterations()) {
            if (it.head() == n) {
                b.property(PlanProperty.of("iteration", "iteration", it.name()));
                b.property(new PlanProperty("maxIterations", "max supersteps", it.origin().getMaxIterations(),
                        Integer.toString(it.origin().getMaxIterations())));
            } else if (it.members(dag).contains(n)) {
                b.property(PlanProperty.of("iteration", "iteration", it.name()));
            }
        }
    }

    private static OperatorDescriptor descriptor(OptNode node) {
        OperatorDescriptor.Builder b = OperatorDescriptor.builder(node.kind()).userFunction(node.userFunction()).outputType(node.outputType())
                .broadcastNames(node.broadcastNames()).memoryFraction(node.memoryFraction());
        node.inputTypes().forEach(b::inputType);
        return b.build();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static FieldsKeySelector<?> keySelector(Channel c, SerializerConfig serializerConfig) {
        return new FieldsKeySelector(c.recordType(), c.shipKeys(), serializerConfig);
    }

    private static void properties(OptNode n, PlanNode.Builder b) {
        KindParameters p = KindParameters.of(n.kind());
        if (p.localStrategy() != null) {
            b.property(PlanProperty.of("localStrategy", "local", p.localStrategy()));
        }
        if (p.keys() != null) {
            b.property(PlanProperty.of("keys", "keys", p.keys()));
        }
        if (p.keys2() != null) {
            b.property(PlanProperty.of("keys2", "keys2", p.keys2()));
        }
        if (p.joinType() != null) {
            b.property(PlanProperty.of("joinType", "join", p.joinType()));
        }
        if (p.bufferedInput() != null) {
            // a string in JSON, as it always was
            b.property(PlanProperty.of("bufferedInput", "buffers input", p.bufferedInput().toString()));
        }
        if (n.memoryFraction() > 0) {
            // a share of the managed memory, for reading: 0.11, not 0.1111111111111111
            String text = new BigDecimal(n.memoryFraction()).round(new MathContext(2)).stripTrailingZeros().toPlainString();
            b.property(new PlanProperty("memoryFraction", "memory", n.memoryFraction(), text));
        }
        Estimates e = n.estimates();
        b.property(new PlanProperty("estimatedRecords", "records", e.records(), e.records() < 0 ? "?" : Long.toString(e.records())));
        b.property(new PlanProperty("estimatedBytes", "bytes", e.bytes(), e.bytes() < 0 ? "?" : Long.toString(e.bytes())));
        b.property(new PlanProperty("costs", null, n.costs().toString(), n.costs().toString()));
    }
}
