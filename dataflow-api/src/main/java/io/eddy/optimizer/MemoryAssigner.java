package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorKind;

/**
 * Pass 5: gives every subtask of every memory-consuming node an equal share of a worker's managed
 * memory, {@code min(1, 1 / n)} where n is the number of memory-consuming <em>subtasks</em> of the
 * job, as the descriptor's {@code memoryFraction}. Drivers take {@code
 * MemoryManager.computeNumberOfPages(fraction)} of their worker's memory per subtask, so counting
 * subtasks (not operators) keeps the job within one worker's memory even when all its subtasks run
 * on one worker (the embedded cluster). See {@code docs/optimizer.md}, "Memory".
 */
final class MemoryAssigner {

    private MemoryAssigner() {}

    /** Whether operators of {@code kind} sort, hash or buffer in managed memory: the batch drivers but sources and sinks. */
    static boolean consumesMemory(OperatorKind kind) {
        return kind instanceof BatchKinds.BatchKind && !(kind instanceof BatchKinds.BatchSource) && !(kind instanceof BatchKinds.BatchSink);
    }

    static void assign(Dag dag) {
        long count = dag.nodes().stream().filter(OptNode::consumesMemory).mapToLong(OptNode::parallelism).sum();
        if (count == 0) {
            return;
        }
        double fraction = Math.min(1.0, 1.0 / count);
        for (OptNode node : dag.nodes()) {
            if (node.consumesMemory()) {
                node.setMemoryFraction(fraction);
            }
        }
    }
}
