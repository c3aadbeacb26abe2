package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
import java.util.Set;

/**
 * Pass 5: gives every subtask of every memory-consuming node an equal share of a worker's managed
 * memory, {@code min(1, 1 / n)} where n is the number of memory-consuming <em>subtasks</em> of the
 * job, as {@link BatchKinds#PARAM_MEMORY_FRACTION}. Drivers take {@code
 * MemoryManager.computeNumberOfPages(fraction)} of their worker's memory per subtask, so counting
 * subtasks (not operators) keeps the job within one worker's memory even when all its subtasks run
 * on one worker (the embedded cluster). See {@code docs/optimizer.md}, "Memory".
 */
final class MemoryAssigner {

    private static final Set<String> MEMORY_KINDS = Set.of(BatchKinds.MAP_PARTITION, BatchKinds.GROUP_REDUCE, BatchKinds.GROUP_COMBINE,
            BatchKinds.REDUCE, BatchKinds.REDUCE_COMBINE, BatchKinds.SORT_PARTITION, BatchKinds.JOIN, BatchKinds.CO_GROUP, BatchKinds.CROSS);

    private MemoryAssigner() {}

    static boolean consumesMemory(String kind) {
        return MEMORY_KINDS.contains(kind);
    }

    static void assign(Dag dag) {
        long count = dag.nodes().stream().filter(OptNode::consumesMemory).mapToLong(OptNode::parallelism).sum();
        if (count == 0) {
            return;
        }
        double fraction = Math.min(1.0, 1.0 / count);
        for (OptNode node : dag.nodes()) {
            if (node.consumesMemory()) {
                node.params().put(BatchKinds.PARAM_MEMORY_FRACTION, fraction);
            }
        }
    }
}
