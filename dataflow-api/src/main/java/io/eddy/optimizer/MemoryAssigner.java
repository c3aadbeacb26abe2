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
 *
 * <p>Loops take managed memory of their own outside the drivers' shares: each head subtask's back
 * channel and each loop task's cache of a static input. Each counts as one more memory-consuming
 * subtask, so the drivers' shares leave that much of the worker's memory free.
 */
final class MemoryAssigner {

    private MemoryAssigner() {}

    /** Whether operators of {@code kind} sort, hash or buffer in managed memory: the batch drivers but sources and sinks. */
    static boolean consumesMemory(OperatorKind kind) {
        return kind instanceof BatchKinds.BatchKind && !(kind instanceof BatchKinds.BatchSource) && !(kind instanceof BatchKinds.BatchSink);
    }

    static void assign(Dag dag) {
        long count = dag.nodes().stream().filter(OptNode::consumesMemory).mapToLong(OptNode::parallelism).sum() + loopMemoryUsers(dag);
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

    /**
     * Before the strategies are chosen: the memory-consuming subtasks {@link #assign} will count,
     * with a combiner assumed in front of every keyed reduce and groupReduce (at its input's largest
     * parallelism), whether or not one will be needed. For {@link LoopCosts}' fit of a build side.
     */
    static long expectedMemoryUsers(Dag dag) {
        long users = loopMemoryUsers(dag);
        for (OptNode node : dag.nodes()) {
            if (node.consumesMemory()) {
                users += node.parallelism();
            }
            boolean keyedReduce = (node.kind() instanceof BatchKinds.Reduce r && r.keys() != null)
                    || (node.kind() instanceof BatchKinds.GroupReduce g && g.keys() != null);
            if (keyedReduce) {
                users += node.inputs().stream().mapToInt(c -> c.source().parallelism()).max().orElse(0);
            }
        }
        return users;
    }

    /** The loop subtasks that hold managed memory outside a driver: heads (back channels) and readers of static inputs (caches). */
    private static long loopMemoryUsers(Dag dag) {
        long users = 0;
        for (DagIteration it : dag.iterations()) {
            java.util.List<OptNode> members = it.members(dag);
            for (OptNode node : members) {
                boolean readsStatic = node != it.head() && node.inputs().stream().anyMatch(c -> !members.contains(c.source()));
                if (node == it.head() || readsStatic) {
                    users += node.parallelism();
                }
            }
        }
        return users;
    }
}
