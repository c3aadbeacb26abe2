package io.eddy.jobgraph;

import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.operators.JoinType;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The operator kinds of batch drivers, one record per kind with the parameters the optimizer
 * chooses: the contract between the batch optimizer, which writes them into {@link
 * OperatorDescriptor}s, and the runtime drivers that implement them. {@code docs/batch-runtime.md}
 * describes each kind. The batch optimizer also writes the streaming {@code Map}, {@code FlatMap},
 * {@code Filter} and {@code CollectSink} kinds of {@link OperatorKinds}.
 *
 * <p>A kind's constructor rejects parameters its driver cannot run (a local strategy it does not
 * implement, a missing key), so a descriptor that was built is one a worker can run.
 */
public final class BatchKinds {

    private BatchKinds() {}

    /** How a driver groups, joins or orders its input locally. */
    public enum LocalStrategy {
        /** The input arrives in the needed order (or the driver needs none). */
        NONE,
        SORT,
        HASH,
        HYBRID_HASH_BUILD_FIRST,
        HYBRID_HASH_BUILD_SECOND,
        SORT_MERGE
    }

    /** The batch driver kinds. */
    public sealed interface BatchKind extends OperatorKind
            permits BatchSource, BatchSink, MapPartition, GroupReduce, GroupCombine, Reduce, ReduceCombine, SortPartition, Join, CoGroup,
                    Cross {}

    /** Reads the splits of an {@code InputFormat} that the master assigns. */
    public record BatchSource(InputFormat<?, ?> format) implements BatchKind {
        /** The kind's {@link #name()}, for who finds batch sources by {@code OperatorSpec.kind()} without their descriptors. */
        public static final String NAME = "batchSource";

        public BatchSource {
            Objects.requireNonNull(format, "format");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** Writes to an {@code OutputFormat}; the master runs its global set-up and finalization. */
    public record BatchSink(OutputFormat<?> format) implements BatchKind {
        /** The kind's {@link #name()}, for who finds batch sinks by {@code OperatorSpec.kind()} without their descriptors. */
        public static final String NAME = "batchSink";

        public BatchSink {
            Objects.requireNonNull(format, "format");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * {@code MapPartitionFunction} over the whole partition.
     *
     * @param order null: the records in arrival order; else the operator sorts its input by these keys
     *     first (a {@code sortPartition} fused into it by the optimizer)
     */
    public record MapPartition(KeySpec order) implements BatchKind {
        @Override
        public String name() {
            return "mapPartition";
        }
    }

    public static final MapPartition MAP_PARTITION = new MapPartition(null);

    /**
     * {@code GroupReduceFunction} per group of equal keys, or over the whole input.
     *
     * @param keys the grouping keys, or null for one group of the whole input
     * @param groupOrder the order within a group (after the keys), or null
     * @param localStrategy {@code SORT} (grouped by sorting) or {@code NONE} (input already grouped,
     *     or no keys)
     */
    public record GroupReduce(KeySpec keys, KeySpec groupOrder, LocalStrategy localStrategy) implements BatchKind {
        public GroupReduce {
            requireStrategy("groupReduce", localStrategy, EnumSet.of(LocalStrategy.SORT, LocalStrategy.NONE));
        }

        public GroupReduce withLocalStrategy(LocalStrategy strategy) {
            return new GroupReduce(keys, groupOrder, strategy);
        }

        @Override
        public String name() {
            return "groupReduce";
        }
    }

    /**
     * {@code GroupCombineFunction} per group of equal keys within what fits in memory (sorted
     * runs), or over the whole input; also the combiner in front of a combinable group reduce.
     *
     * @param keys the grouping keys, or null
     * @param groupOrder the order within a group (without keys: the order of each call's records), or null
     */
    public record GroupCombine(KeySpec keys, KeySpec groupOrder) implements BatchKind {
        @Override
        public String name() {
            return "groupCombine";
        }
    }

    /**
     * {@code ReduceFunction} per group of equal keys, or over the whole input.
     *
     * @param keys the grouping keys, or null for the whole input
     * @param localStrategy {@code SORT}, {@code HASH} or {@code NONE} (already grouped, or no keys)
     */
    public record Reduce(KeySpec keys, LocalStrategy localStrategy) implements BatchKind {
        public Reduce {
            requireStrategy("reduce", localStrategy, EnumSet.of(LocalStrategy.SORT, LocalStrategy.HASH, LocalStrategy.NONE));
        }

        public Reduce withLocalStrategy(LocalStrategy strategy) {
            return new Reduce(keys, strategy);
        }

        @Override
        public String name() {
            return "reduce";
        }
    }

    /**
     * The combiner in front of a keyed reduce: reduces what fits in memory, emits partial results.
     *
     * @param keys the grouping keys, or null to combine the whole input into one record
     * @param localStrategy {@code HASH} or {@code SORT}
     */
    public record ReduceCombine(KeySpec keys, LocalStrategy localStrategy) implements BatchKind {
        public ReduceCombine {
            requireStrategy("reduceCombine", localStrategy, EnumSet.of(LocalStrategy.SORT, LocalStrategy.HASH));
        }

        @Override
        public String name() {
            return "reduceCombine";
        }
    }

    /**
     * Sorts each partition.
     *
     * @param order the sort keys with their directions
     */
    public record SortPartition(KeySpec order) implements BatchKind {
        public SortPartition {
            Objects.requireNonNull(order, "order");
        }

        @Override
        public String name() {
            return "sortPartition";
        }
    }

    /**
     * {@code FlatJoinFunction} over the pairs of records of equal keys (and, for outer joins, the
     * records without a match, paired with null).
     *
     * @param keys1 the keys of input 0
     * @param keys2 the keys of input 1
     * @param joinType which unmatched records are kept
     * @param localStrategy {@code HYBRID_HASH_BUILD_FIRST}, {@code HYBRID_HASH_BUILD_SECOND} or {@code SORT_MERGE}
     */
    public record Join(KeySpec keys1, KeySpec keys2, JoinType joinType, LocalStrategy localStrategy) implements BatchKind {
        public Join {
            Objects.requireNonNull(keys1, "keys1");
            Objects.requireNonNull(keys2, "keys2");
            Objects.requireNonNull(joinType, "joinType");
            requireStrategy("join", localStrategy,
                    EnumSet.of(LocalStrategy.HYBRID_HASH_BUILD_FIRST, LocalStrategy.HYBRID_HASH_BUILD_SECOND, LocalStrategy.SORT_MERGE));
        }

        public Join withLocalStrategy(LocalStrategy strategy) {
            return new Join(keys1, keys2, joinType, strategy);
        }

        @Override
        public String name() {
            return "join";
        }
    }

    /**
     * {@code CoGroupFunction} over the groups of equal keys of both inputs (sort-merge).
     *
     * @param keys1 the keys of input 0
     * @param keys2 the keys of input 1
     * @param groupOrder1 the order within a group of input 0, or null
     * @param groupOrder2 the order within a group of input 1, or null
     */
    public record CoGroup(KeySpec keys1, KeySpec keys2, KeySpec groupOrder1, KeySpec groupOrder2) implements BatchKind {
        public CoGroup {
            Objects.requireNonNull(keys1, "keys1");
            Objects.requireNonNull(keys2, "keys2");
        }

        @Override
        public String name() {
            return "coGroup";
        }
    }

    /**
     * {@code CrossFunction} over every pair of records of its inputs.
     *
     * @param bufferedInput the input (0 or 1) the operator buffers (spilling) and replays per record
     *     of the other
     */
    public record Cross(int bufferedInput) implements BatchKind {
        public Cross {
            if (bufferedInput != 0 && bufferedInput != 1) {
                throw new IllegalArgumentException("Bug: a cross buffers input " + bufferedInput + " (expected: 0 or 1)");
            }
        }

        @Override
        public String name() {
            return "cross";
        }
    }

    private static void requireStrategy(String kind, LocalStrategy strategy, Set<LocalStrategy> supported) {
        if (!supported.contains(Objects.requireNonNull(strategy, "localStrategy"))) {
            throw new IllegalArgumentException("Bug: a " + kind + " operator does not support the local strategy " + strategy
                    + " (expected one of " + supported + ")");
        }
    }
}
