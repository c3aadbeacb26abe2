package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;

/**
 * Pass 2: chooses, node by node in topological order, the ship strategy of every channel and the
 * node's local strategy, and derives the node's output {@link GlobalProperties}. Single-input
 * nodes are decided here; two-input nodes by {@link TwoInputStrategies}, which costs the
 * alternatives. See {@code docs/optimizer.md}, "Cost model and choices".
 */
final class StrategyChooser {

    private StrategyChooser() {}

    static void choose(Dag dag, long managedMemoryBytes) {
        java.util.Map<OptNode, LoopCosts> loops = LoopCosts.of(dag, managedMemoryBytes);
        for (OptNode node : dag.nodes()) {
            for (Channel c : node.broadcastInputs()) {
                c.ship(ShipStrategy.BROADCAST, null);
            }
            if (node.inputs().isEmpty()) {
                node.setOutputProperties(GlobalProperties.any());
            } else if (node.kind() instanceof IterationKinds.IterationKind) {
                chooseLoopNode(node);
            } else if (node.inputTypes().size() == 2) {
                TwoInputStrategies.choose(node, loops.getOrDefault(node, LoopCosts.NONE));
            } else {
                chooseSingleInput(node);
            }
            node.setCosts(node.costs().plus(networkCosts(node.broadcastInputs(), node.parallelism())));
        }
    }

    private static void chooseSingleInput(OptNode node) {
        KeySpec keys = node.groupingKeys();
        boolean needsGrouping = keys != null;
        GlobalProperties in;
        if (needsGrouping) {
            in = partitionOn(node.inputs(), keys, node.parallelism(), false);
        } else {
            in = shipPlain(node.inputs(), node.parallelism());
        }
        double bytes = inputBytes(node.inputs());
        Costs local = Costs.ZERO;
        if (node.kind() instanceof BatchKinds.Reduce reduce) {
            node.setKind(reduce.withLocalStrategy(keys == null ? LocalStrategy.NONE : LocalStrategy.HASH));
            local = new Costs(0, 0, bytes);
        } else if (node.kind() instanceof BatchKinds.GroupReduce groupReduce) {
            node.setKind(groupReduce.withLocalStrategy(keys == null ? LocalStrategy.NONE : LocalStrategy.SORT));
            local = new Costs(0, 0, keys == null ? bytes : 2 * bytes);
        } else if (node.kind() instanceof BatchKinds.GroupCombine || node.kind() instanceof BatchKinds.SortPartition) {
            local = new Costs(0, 0, 2 * bytes);
        } else {
            local = new Costs(0, 0, bytes);
        }
        node.setCosts(networkCosts(node.inputs(), node.parallelism()).plus(local));
        node.setOutputProperties(node.semanticProperties() == null ? GlobalProperties.any() : in.forwardedThrough(node.semanticProperties(), 0));
    }

    /**
     * The nodes of loops: the solution set's partitions meet their readers and the delta by hash
     * partitioning on the keys with the loop's parallelism (exactly on them, so that one key always
     * lands in one lane); the other inputs of loop nodes are shipped plainly. A solution-set reader
     * keeps the partitioning of its input where its function forwards the key fields.
     */
    private static void chooseLoopNode(OptNode node) {
        double bytes = inputBytes(node.inputs());
        GlobalProperties out = GlobalProperties.any();
        if (node.kind() instanceof IterationKinds.DeltaHead head) {
            partitionOn(node.inputs(0), head.keys(), node.parallelism(), true);
            shipPlain(node.inputs(1), node.parallelism());
        } else if (node.kind() instanceof IterationKinds.SolutionSetJoin join) {
            GlobalProperties in = partitionOn(node.inputs(), join.probeKeys(), node.parallelism(), true);
            out = forwarded(node, in, join.solutionSetFirst() ? 1 : 0);
        } else if (node.kind() instanceof IterationKinds.SolutionSetCoGroup coGroup) {
            GlobalProperties in = partitionOn(node.inputs(), coGroup.probeKeys(), node.parallelism(), true);
            out = forwarded(node, in, coGroup.solutionSetFirst() ? 1 : 0);
            bytes *= 2;
        } else if (node.kind() instanceof IterationKinds.SolutionSetDeltaTail tail) {
            partitionOn(node.inputs(), tail.keys(), node.parallelism(), true);
        } else {
            shipPlain(node.inputs(), node.parallelism());
        }
        node.setCosts(networkCosts(node.inputs(), node.parallelism()).plus(new Costs(0, 0, bytes)));
        node.setOutputProperties(out);
    }

    private static GlobalProperties forwarded(OptNode node, GlobalProperties in, int input) {
        return node.semanticProperties() == null ? GlobalProperties.any() : in.forwardedThrough(node.semanticProperties(), input);
    }

    /**
     * Ships channels without a key requirement: as the program asked (partitionByHash, rebalance),
     * else FORWARD at equal parallelism, else REBALANCE. Returns the resulting properties.
     */
    static GlobalProperties shipPlain(List<Channel> channels, int parallelism) {
        for (Channel c : channels) {
            if (c.requestedShip() != null) {
                c.ship(c.requestedShip(), c.requestedKeys());
            } else {
                c.ship(c.source().parallelism() == parallelism ? ShipStrategy.FORWARD : ShipStrategy.REBALANCE, null);
            }
        }
        return common(channels, parallelism);
    }

    /**
     * Ships channels so that records with equal {@code keys} meet in one subtask: an existing
     * partitioning is reused (FORWARD) when it groups on the keys ({@code exact}: is exactly on
     * them, as join sides need; always exact for unions), otherwise the channel is hashed on them.
     * Channels are always hashed on a selector key (loops keyed by a selector), with no known properties after.
     */
    static GlobalProperties partitionOn(List<Channel> channels, KeySpec keys, int parallelism, boolean exact) {
        if (keys.isSelector()) {
            // Nothing is known to be partitioned by a selector, and its partitioning says nothing about fields.
            for (Channel c : channels) {
                c.ship(ShipStrategy.HASH, keys);
            }
            return GlobalProperties.any();
        }
        boolean strict = exact || channels.size() > 1;
        boolean allReusable = true;
        for (Channel c : channels) {
            GlobalProperties p = propertiesIfShippedPlainly(c, parallelism);
            boolean ok = strict ? p.partitionedExactlyOn(keys.positions(), parallelism) : p.groupsOn(keys.positions(), parallelism);
            allReusable &= ok;
        }
        if (allReusable) {
            return shipPlain(channels, parallelism);
        }
        for (Channel c : channels) {
            c.ship(ShipStrategy.HASH, keys);
        }
        return GlobalProperties.hashPartitioned(keys.positions(), parallelism);
    }

    /** What the consumer would see if {@code c} were shipped by {@link #shipPlain}. */
    static GlobalProperties propertiesIfShippedPlainly(Channel c, int parallelism) {
        if (c.requestedShip() == ShipStrategy.HASH) {
            return GlobalProperties.hashPartitioned(c.requestedKeys().positions(), parallelism);
        }
        if (c.requestedShip() == null && c.source().parallelism() == parallelism) {
            return c.source().outputProperties();
        }
        return GlobalProperties.any();
    }

    /** The properties the consumer sees over all of {@code channels} as shipped. */
    static GlobalProperties common(List<Channel> channels, int parallelism) {
        GlobalProperties result = null;
        for (Channel c : channels) {
            GlobalProperties p = switch (c.shipStrategy()) {
                case FORWARD -> c.source().outputProperties();
                case HASH -> GlobalProperties.hashPartitioned(c.shipKeys().positions(), parallelism);
                default -> GlobalProperties.any();
            };
            if (result == null) {
                result = p;
            } else if (!result.equals(p)) {
                return GlobalProperties.any();
            }
        }
        return result == null ? GlobalProperties.any() : result;
    }

    /** The network bytes of the channels as shipped to a consumer of {@code parallelism}. */
    static Costs networkCosts(List<Channel> channels, int parallelism) {
        double network = 0;
        for (Channel c : channels) {
            double bytes = c.source().estimates().bytesForCosts();
            network += switch (c.shipStrategy()) {
                case FORWARD -> 0;
                case BROADCAST -> bytes * parallelism;
                default -> bytes;
            };
        }
        return new Costs(network, 0, 0);
    }

    static double inputBytes(List<Channel> channels) {
        return channels.stream().mapToDouble(c -> c.source().estimates().bytesForCosts()).sum();
    }
}
