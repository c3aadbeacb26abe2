package io.eddy.optimizer;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How often the work of a loop member's inputs repeats, for the costs of its strategies. A member
 * of a loop runs superstep after superstep: an input on the <em>dynamic</em> path (read from the
 * loop's head, directly or not) is shipped and handled in every superstep, so its costs count
 * {@link #weight} times; an input on the <em>static</em> path (computed outside the loop) is shipped
 * once and cached by the loop's task, so its network costs count once, and a hash table built on
 * it counts once when it stays in memory (the join keeps it across supersteps) — otherwise every
 * superstep builds it again. Probing with a static input replays it from the cache in every
 * superstep. Nodes outside loops count everything once.
 *
 * <p>The weight is the loop's maximum number of supersteps, at most {@value #MAX_WEIGHT}: a loop
 * that may run long usually ends early (a delta's workset shrinks, a criterion holds), and beyond
 * that many supersteps the ranking of the alternatives does not change.
 *
 * <p>Whether a build side stays in memory: its estimated bytes per subtask, times {@value
 * #TABLE_OVERHEAD} for the table's index and record headers, within the subtask's share of the
 * managed memory the optimizer assumes for a worker ({@code worker.memory.managed.size} of the
 * compiling program's configuration, split as {@link MemoryAssigner} will split it). Unknown
 * sizes never fit.
 */
final class LoopCosts {

    static final int MAX_WEIGHT = 10;
    static final double TABLE_OVERHEAD = 2.0;

    /** A node outside every loop: all its work happens once. */
    static final LoopCosts NONE = new LoopCosts(1, Set.of(), Long.MAX_VALUE);

    private final int weight;
    private final Set<OptNode> members;
    private final long memoryPerSubtask;

    private LoopCosts(int weight, Set<OptNode> members, long memoryPerSubtask) {
        this.weight = weight;
        this.members = members;
        this.memoryPerSubtask = memoryPerSubtask;
    }

    /**
     * The loop costs of every loop member of {@code dag}, for a worker with {@code managedMemoryBytes}
     * of managed memory (a nested loop cannot exist: the translation refuses it).
     */
    static Map<OptNode, LoopCosts> of(Dag dag, long managedMemoryBytes) {
        Map<OptNode, LoopCosts> byNode = new IdentityHashMap<>();
        if (dag.iterations().isEmpty()) {
            return byNode;
        }
        long perSubtask = managedMemoryBytes / Math.max(1, MemoryAssigner.expectedMemoryUsers(dag));
        for (DagIteration it : dag.iterations()) {
            List<OptNode> memberList = it.members(dag);
            Set<OptNode> members = Collections.newSetFromMap(new IdentityHashMap<>());
            members.addAll(memberList);
            LoopCosts costs = new LoopCosts(Math.max(1, Math.min(MAX_WEIGHT, it.origin().getMaxIterations())), members, perSubtask);
            for (OptNode member : memberList) {
                byNode.put(member, costs);
            }
        }
        return byNode;
    }

    /** How many times the node runs: the loop's weight, 1 outside loops. */
    int weight() {
        return weight;
    }

    /** How many times the work of the node's input {@code input} happens: 1 if it is static or the node is in no loop. */
    int weightOf(OptNode node, int input) {
        return isDynamic(node, input) ? weight : 1;
    }

    /** Whether the node's input {@code input} is read anew in every superstep (some channel of it comes from a loop member). */
    boolean isDynamic(OptNode node, int input) {
        return node.inputs(input).stream().anyMatch(c -> members.contains(c.source()));
    }

    /** How many times a hash table is built on the node's input {@code input}: once if it is static and fits in memory. */
    int buildWeight(OptNode node, int input, double bytesPerSubtask) {
        if (isDynamic(node, input)) {
            return weight;
        }
        boolean known = node.inputs(input).stream().allMatch(c -> c.source().estimates().bytesKnown());
        return known && bytesPerSubtask * TABLE_OVERHEAD <= memoryPerSubtask ? 1 : weight;
    }

    /** The weight of the node's broadcast inputs (static ones are read once; dynamic ones every superstep). */
    int broadcastWeight(OptNode node) {
        return node.broadcastInputs().stream().anyMatch(c -> members.contains(c.source())) ? weight : 1;
    }
}
