package io.eddy.optimizer;

import io.eddy.api.common.operators.CrossHint;
import io.eddy.api.common.operators.CrossOperatorBase;
import io.eddy.api.common.operators.JoinHint;
import io.eddy.api.common.operators.JoinOperatorBase;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.ArrayList;
import java.util.List;

/**
 * The strategies of join, coGroup and cross nodes: enumerates the candidates the operator, its
 * join type and its hint allow, applies each to the node's channels, costs it and keeps the
 * cheapest (the first on ties). In a loop the costs of each input count as often as its work
 * repeats ({@link LoopCosts}). See {@code docs/optimizer.md}, "Cost model and choices".
 */
final class TwoInputStrategies {

    /** How one side is shipped. */
    enum Side {
        /** Hash-partitioned on the side's keys, or forward where it already is. */
        PARTITION,
        /** Every record to every subtask. */
        BROADCAST,
        /** Forward at equal parallelism, else rebalanced. */
        PLAIN
    }

    /** One alternative: how each side is shipped and the local strategy (for cross: the buffered input). */
    record Candidate(Side first, Side second, LocalStrategy local, Integer bufferedInput) {}

    private TwoInputStrategies() {}

    static void choose(OptNode node, LoopCosts loop) {
        List<Candidate> candidates = candidates(node);
        Candidate best = null;
        double bestCost = Double.MAX_VALUE;
        for (Candidate c : candidates) {
            double cost = apply(node, c, loop).total();
            if (cost < bestCost) {
                best = c;
                bestCost = cost;
            }
        }
        if (best == null) {
            throw new IllegalStateException("Bug: no strategy candidate for " + node);
        }
        node.setCosts(apply(node, best, loop));
        if (best.local() != null && node.kind() instanceof BatchKinds.Join join) {
            node.setKind(join.withLocalStrategy(best.local()));
        }
        if (best.bufferedInput() != null) {
            node.setKind(new BatchKinds.Cross(best.bufferedInput()));
        }
    }

    static List<Candidate> candidates(OptNode node) {
        List<Candidate> list = new ArrayList<>();
        if (node.origin() instanceof JoinOperatorBase<?, ?, ?> join) {
            joinCandidates(join.getJoinType(), join.getJoinHint(), list);
        } else if (node.origin() instanceof CrossOperatorBase<?, ?, ?> cross) {
            if (cross.getCrossHint() != CrossHint.SECOND_IS_SMALL) {
                list.add(new Candidate(Side.BROADCAST, Side.PLAIN, null, 0));
            }
            if (cross.getCrossHint() != CrossHint.FIRST_IS_SMALL) {
                list.add(new Candidate(Side.PLAIN, Side.BROADCAST, null, 1));
            }
        } else {
            list.add(new Candidate(Side.PARTITION, Side.PARTITION, null, null));
        }
        return list;
    }

    private static void joinCandidates(JoinType type, JoinHint hint, List<Candidate> list) {
        Candidate partFirst = new Candidate(Side.PARTITION, Side.PARTITION, LocalStrategy.HYBRID_HASH_BUILD_FIRST, null);
        Candidate partSecond = new Candidate(Side.PARTITION, Side.PARTITION, LocalStrategy.HYBRID_HASH_BUILD_SECOND, null);
        Candidate bcastFirst = new Candidate(Side.BROADCAST, Side.PLAIN, LocalStrategy.HYBRID_HASH_BUILD_FIRST, null);
        Candidate bcastSecond = new Candidate(Side.PLAIN, Side.BROADCAST, LocalStrategy.HYBRID_HASH_BUILD_SECOND, null);
        Candidate sortMerge = new Candidate(Side.PARTITION, Side.PARTITION, LocalStrategy.SORT_MERGE, null);
        switch (hint) {
            case BROADCAST_HASH_FIRST -> list.add(bcastFirst);
            case BROADCAST_HASH_SECOND -> list.add(bcastSecond);
            case REPARTITION_HASH_FIRST -> list.add(partFirst);
            case REPARTITION_HASH_SECOND -> list.add(partSecond);
            case REPARTITION_SORT_MERGE -> list.add(sortMerge);
            case OPTIMIZER_CHOOSES -> {
                switch (type) {
                    case INNER -> list.addAll(List.of(partFirst, partSecond, bcastFirst, bcastSecond));
                    case LEFT_OUTER -> list.addAll(List.of(partSecond, bcastSecond));
                    case RIGHT_OUTER -> list.addAll(List.of(partFirst, bcastFirst));
                    case FULL_OUTER -> list.add(sortMerge);
                    default -> throw new IllegalStateException("Bug: join type " + type);
                }
            }
            default -> throw new IllegalStateException("Bug: join hint " + hint);
        }
    }

    /** Ships the node's channels as {@code c} says, sets its output properties and returns the costs. */
    static Costs apply(OptNode node, Candidate c, LoopCosts loop) {
        int p = node.parallelism();
        List<Channel> in1 = node.inputs(0);
        List<Channel> in2 = node.inputs(1);
        GlobalProperties out = GlobalProperties.any();
        if (c.first() == Side.PARTITION && c.second() == Side.PARTITION) {
            KeySpec k1 = keys(node, 0);
            KeySpec k2 = keys(node, 1);
            if (node.inputTypes().get(0).getTypeClass() == node.inputTypes().get(1).getTypeClass()) {
                StrategyChooser.partitionOn(in1, k1, p, true);
                StrategyChooser.partitionOn(in2, k2, p, true);
            } else {
                in1.forEach(ch -> ch.ship(ShipStrategy.HASH, k1));
                in2.forEach(ch -> ch.ship(ShipStrategy.HASH, k2));
            }
            out = forwarded(node, GlobalProperties.hashPartitioned(k1.positions(), p), 0);
            if (!out.isHashPartitioned()) {
                out = forwarded(node, GlobalProperties.hashPartitioned(k2.positions(), p), 1);
            }
        } else if (c.first() == Side.BROADCAST) {
            in1.forEach(ch -> ch.ship(ShipStrategy.BROADCAST, null));
            out = forwarded(node, StrategyChooser.shipPlain(in2, p), 1);
        } else {
            in2.forEach(ch -> ch.ship(ShipStrategy.BROADCAST, null));
            out = forwarded(node, StrategyChooser.shipPlain(in1, p), 0);
        }
        node.setOutputProperties(out);
        double network = StrategyChooser.networkCosts(in1, p).network() * loop.weightOf(node, 0)
                + StrategyChooser.networkCosts(in2, p).network() * loop.weightOf(node, 1);
        return new Costs(network, 0, 0).plus(localCosts(node, c, loop));
    }

    /** The keys of {@code input} of a join or co-group node. */
    private static KeySpec keys(OptNode node, int input) {
        if (node.kind() instanceof BatchKinds.Join j) {
            return input == 0 ? j.keys1() : j.keys2();
        }
        if (node.kind() instanceof BatchKinds.CoGroup c) {
            return input == 0 ? c.keys1() : c.keys2();
        }
        throw new IllegalStateException("Bug: " + node + " is partitioned on both inputs but has no keys");
    }

    private static GlobalProperties forwarded(OptNode node, GlobalProperties props, int input) {
        return node.semanticProperties() == null ? GlobalProperties.any() : props.forwardedThrough(node.semanticProperties(), input);
    }

    /**
     * CPU: a hash table costs twice its input's bytes to build (as often as {@link
     * LoopCosts#buildWeight} says), probing costs its input's bytes in every superstep, a buffered
     * cross input counts twice, a sort-merge thrice both inputs.
     */
    private static Costs localCosts(OptNode node, Candidate c, LoopCosts loop) {
        int p = node.parallelism();
        int w = loop.weight();
        double b1 = StrategyChooser.inputBytes(node.inputs(0)) * (c.first() == Side.BROADCAST ? p : 1);
        double b2 = StrategyChooser.inputBytes(node.inputs(1)) * (c.second() == Side.BROADCAST ? p : 1);
        if (c.bufferedInput() != null) {
            return new Costs(0, 0, w * (c.bufferedInput() == 0 ? 2 * b1 + b2 : b1 + 2 * b2));
        }
        if (c.local() == LocalStrategy.HYBRID_HASH_BUILD_FIRST) {
            return new Costs(0, 0, 2 * b1 * loop.buildWeight(node, 0, b1 / p) + w * b2);
        }
        if (c.local() == LocalStrategy.HYBRID_HASH_BUILD_SECOND) {
            return new Costs(0, 0, w * b1 + 2 * b2 * loop.buildWeight(node, 1, b2 / p));
        }
        return new Costs(0, 0, w * 3 * (b1 + b2));
    }
}
