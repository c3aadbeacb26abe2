package io.eddy.optimizer;

import io.eddy.api.common.operators.GroupReduceOperatorBase;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.ShipStrategy;
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
            OperatorKind combineKind = combineKindFor(node);
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

    /** The kind of the combiner in front of {@code node}, or null if it gets none. */
    private static OperatorKind combineKindFor(OptNode node) {
        if (node.kind() instanceof BatchKinds.Reduce reduce && reduce.keys() != null) {
            return new BatchKinds.ReduceCombine(reduce.keys(), BatchKinds.LocalStrategy.HASH);
        }
        if (node.kind() instanceof BatchKinds.GroupReduce groupReduce && groupReduce.keys() != null
                && node.origin() instanceof GroupReduceOperatorBase<?, ?> g && g.isCombinable()) {
            return new BatchKinds.GroupCombine(groupReduce.keys(), groupReduce.groupOrder());
        }
        return null;
    }

    private static OptNode combiner(OptNode consumer, OperatorKind kind, Channel shipped) {
        OptNode source = shipped.source();
        OptNode combiner = new OptNode(-1, "Combine (" + consumer.name() + ")", kind, null, consumer.userFunction(), shipped.recordType(),
                List.of(shipped.recordType()), null);
        combiner.setParallelism(source.parallelism());
        combiner.setConsumesMemory(true);
        combiner.setEstimates(source.estimates());
        combiner.setOutputProperties(source.outputProperties());
        Channel in = new Channel(source, 0, shipped.recordType(), null, null, null, shipped.sideOutputTag());
        in.ship(ShipStrategy.FORWARD, null);
        combiner.inputs().add(in);
        return combiner;
    }
}
