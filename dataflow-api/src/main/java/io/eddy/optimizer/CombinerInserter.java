package io.eddy.optimizer;

import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.ShipStrategy;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 3: puts a combiner in front of every keyed reduce ({@code reduceCombine}, local
 * {@code HASH}) and combinable keyed groupReduce ({@code groupCombine} with the same function)
 * whose input is shipped over the network. The combiner reads its producer forward at the
 * producer's parallelism (so it is chained to it) and takes over the shipped channel.
 */
final class CombinerInserter {

    private CombinerInserter() {}

    static void insert(Dag dag) {
        for (OptNode node : new ArrayList<>(dag.nodes())) {
            String combineKind = combineKindFor(node);
            if (combineKind == null) {
                continue;
            }
            List<Channel> channels = new ArrayList<>(node.inputs());
            node.inputs().clear();
            for (Channel c : channels) {
                if (c.isForward()) {
                    node.inputs().add(c);
                    continue;
                }
                OptNode combiner = combiner(node, combineKind, c);
                dag.insertBefore(node, combiner);
                Channel shipped = new Channel(combiner, c.targetInput(), c.recordType(), null, c.requestedShip(), c.requestedKeys());
                shipped.ship(c.shipStrategy(), c.shipKeys());
                node.inputs().add(shipped);
            }
        }
        dag.renumber();
    }

    private static String combineKindFor(OptNode node) {
        if (!node.params().containsKey(BatchKinds.PARAM_KEYS)) {
            return null;
        }
        if (BatchKinds.REDUCE.equals(node.kind())) {
            return BatchKinds.REDUCE_COMBINE;
        }
        if (BatchKinds.GROUP_REDUCE.equals(node.kind()) && node.origin() instanceof GroupReduceOperatorBase<?, ?> g && g.isCombinable()) {
            return BatchKinds.GROUP_COMBINE;
        }
        return null;
    }

    private static OptNode combiner(OptNode consumer, String kind, Channel shipped) {
        OptNode source = shipped.source();
        OptNode combiner = new OptNode(-1, "Combine (" + consumer.name() + ")", kind, null, consumer.userFunction(), shipped.recordType(),
                List.of(shipped.recordType()), null);
        combiner.setParallelism(source.parallelism());
        combiner.setConsumesMemory(true);
        combiner.params().put(BatchKinds.PARAM_KEYS, consumer.params().get(BatchKinds.PARAM_KEYS));
        Serializable groupOrder = consumer.params().get(BatchKinds.PARAM_GROUP_ORDER);
        if (groupOrder != null) {
            combiner.params().put(BatchKinds.PARAM_GROUP_ORDER, groupOrder);
        }
        if (BatchKinds.REDUCE_COMBINE.equals(kind)) {
            combiner.params().put(BatchKinds.PARAM_LOCAL_STRATEGY, BatchKinds.LocalStrategy.HASH);
        }
        combiner.setEstimates(source.estimates());
        combiner.setOutputProperties(source.outputProperties());
        Channel in = new Channel(source, 0, shipped.recordType(), null, null, null);
        in.ship(ShipStrategy.FORWARD, null);
        combiner.inputs().add(in);
        return combiner;
    }
}
