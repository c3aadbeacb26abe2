package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.IterationKinds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Pass 4: makes a channel {@code BLOCKING} where its consumer reads another input to its end
 * first and both come from a common producer through pipelined channels (a self-join, a cross
 * or broadcast variable of a set derived from the same source); otherwise the producer could wait
 * on the unread channel's back pressure while the consumer waits for the other input to end.
 * Everything else stays {@code PIPELINED}.
 *
 * <p>Inside a loop every exchange is pipelined (a superstep never ends a blocking exchange's
 * producer): where a channel between two of the loop's nodes would be blocking, it is pipelined and
 * superstep-buffered instead: its consumer buffers each superstep of it, spilling, from the
 * superstep's start, and reads it in its turn (docs/iterations.md, "Superstep-buffered exchanges").
 */
final class ExchangeModeChooser {

    private ExchangeModeChooser() {}

    static void choose(Dag dag) {
        for (OptNode node : dag.nodes()) {
            // The node reads its inputs in phases: broadcast variables, then the input it reads to its
            // end first (if any), then the rest. A channel of a later phase that shares a pipelined
            // producer with a channel of an earlier one must not hold that producer back.
            List<List<Channel>> phases = new ArrayList<>();
            phases.add(new ArrayList<>(node.broadcastInputs()));
            Integer firstInput = firstReadInput(node);
            List<Channel> firstRead = new ArrayList<>();
            List<Channel> rest = new ArrayList<>();
            for (Channel c : node.inputs()) {
                (firstInput != null && c.targetInput() == firstInput ? firstRead : rest).add(c);
            }
            phases.add(firstRead);
            phases.add(rest);
            List<Channel> earlier = new ArrayList<>();
            for (List<Channel> phase : phases) {
                if (!earlier.isEmpty()) {
                    Set<OptNode> earlierAncestors = pipelinedAncestors(earlier);
                    for (Channel c : phase) {
                        if (!Collections.disjoint(earlierAncestors, pipelinedAncestors(List.of(c)))) {
                            c.setExchangeMode(ExchangeMode.BLOCKING);
                        }
                    }
                }
                earlier.addAll(phase);
            }
        }
        for (DagIteration it : dag.iterations()) {
            bufferSuperstepsInside(dag, it);
        }
    }

    private static void bufferSuperstepsInside(Dag dag, DagIteration it) {
        List<OptNode> members = it.members(dag);
        for (OptNode node : members) {
            List<Channel> channels = new ArrayList<>(node.inputs());
            channels.addAll(node.broadcastInputs());
            for (Channel c : channels) {
                if (c.exchangeMode() == ExchangeMode.BLOCKING && members.contains(c.source())) {
                    c.bufferSupersteps();
                }
            }
        }
    }

    /** The regular input the node reads to its end before the other one, or null. */
    static Integer firstReadInput(OptNode node) {
        if (node.kind() instanceof BatchKinds.Join) {
            BatchKinds.LocalStrategy s = node.localStrategy();
            return s == BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_FIRST ? Integer.valueOf(0)
                    : s == BatchKinds.LocalStrategy.HYBRID_HASH_BUILD_SECOND ? Integer.valueOf(1) : null;
        }
        if (node.kind() instanceof BatchKinds.Cross cross) {
            return cross.bufferedInput();
        }
        if (node.kind() instanceof IterationKinds.DeltaHead) {
            return 0; // the solution set is complete before the first workset record enters the body
        }
        return null;
    }

    /** The producers of the channels and everything upstream of them through pipelined channels. */
    private static Set<OptNode> pipelinedAncestors(List<Channel> channels) {
        Set<OptNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<OptNode> todo = new ArrayList<>();
        for (Channel c : channels) {
            if (c.exchangeMode() == ExchangeMode.PIPELINED) {
                todo.add(c.source());
            }
        }
        while (!todo.isEmpty()) {
            OptNode n = todo.remove(todo.size() - 1);
            if (seen.add(n)) {
                for (Channel c : n.inputs()) {
                    if (c.exchangeMode() == ExchangeMode.PIPELINED) {
                        todo.add(c.source());
                    }
                }
                for (Channel c : n.broadcastInputs()) {
                    if (c.exchangeMode() == ExchangeMode.PIPELINED) {
                        todo.add(c.source());
                    }
                }
            }
        }
        return seen;
    }
}
