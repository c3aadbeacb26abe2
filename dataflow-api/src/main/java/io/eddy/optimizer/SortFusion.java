package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Pass 2a (after the strategies are chosen, before combiners go in): a {@code sortPartition} whose
 * only consumer is a {@code mapPartition} at its parallelism, reading it forward, becomes that
 * mapPartition's sort: the mapPartition sorts its input itself ({@link BatchKinds.MapPartition#order()})
 * and hands the sorted records straight to its function.
 *
 * <p>Why: a mapPartition calls its function once, after its whole input has arrived, so on its own
 * it buffers (and spills) everything the sort just merged: one more write and read of the whole
 * partition, and one more share of managed memory that the sort could have used. The function sees
 * the same records in the same order either way.
 *
 * <p>Not fused: a sort with broadcast inputs or another consumer, a mapPartition with more than that
 * one input, and any node of a loop (a loop's members and lane-bound nodes keep their shape).
 */
final class SortFusion {

    private SortFusion() {}

    static void fuse(Dag dag) {
        Set<OptNode> inLoops = Collections.newSetFromMap(new IdentityHashMap<>());
        for (DagIteration iteration : dag.iterations()) {
            inLoops.addAll(iteration.members(dag));
            inLoops.addAll(iteration.laneBound());
            inLoops.add(iteration.head());
        }
        boolean fused = false;
        for (OptNode consumer : new ArrayList<>(dag.nodes())) {
            if (!(consumer.kind() instanceof BatchKinds.MapPartition mapPartition) || mapPartition.order() != null
                    || consumer.inputs().size() != 1 || !consumer.broadcastInputs().isEmpty() || inLoops.contains(consumer)) {
                continue;
            }
            Channel read = consumer.inputs().get(0);
            OptNode sort = read.source();
            if (!(sort.kind() instanceof BatchKinds.SortPartition sortPartition) || !read.isForward() || read.sideOutputTag() != null
                    || sort.parallelism() != consumer.parallelism() || sort.inputs().size() != 1 || !sort.broadcastInputs().isEmpty()
                    || dag.consumersOf(sort).size() != 1 || inLoops.contains(sort)) {
                continue;
            }
            consumer.inputs().set(0, sort.inputs().get(0));
            consumer.setKind(new BatchKinds.MapPartition(sortPartition.order()));
            consumer.setConsumesMemory(true);
            if (sort.costs() != null && consumer.costs() != null) {
                consumer.setCosts(sort.costs().plus(consumer.costs()));
            }
            dag.remove(sort);
            fused = true;
        }
        if (fused) {
            dag.renumber();
        }
    }
}
