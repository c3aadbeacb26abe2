package io.eddy.jobgraph;

import java.util.Objects;

/**
 * The operator kinds of loops (docs/iterations.md). Their runtime operators live in the {@code
 * iterations} module, which registers them through {@code OperatorProvider}; the runtime does not
 * name them.
 *
 * <p>A bulk loop in the graph: the head vertex (its head operator a {@link BulkHead}) reads the
 * initial partial solution on its input 0 and emits each superstep's records on its main output,
 * into the body; the last operator of the next-partial-solution path is a {@link BulkTail}, which
 * hands its records to the head of its lane through the lane's back channel; a {@link
 * EdgeRole#FEEDBACK}-role edge from the tail's vertex to the head's vertex records that link in the graph
 * (no network channel carries it). After the last superstep the head emits the result on its side
 * output {@link #RESULT_TAG}, always a network edge out of the group. A {@link TerminationTail}
 * ends the termination-criterion path.
 *
 * <p>A delta loop: the head vertex (a {@link DeltaHead}) reads the initial solution set on input 0,
 * hash-partitioned on the iteration's keys, into its lane's solution set, and the initial workset
 * on input 1, which it emits on its main output; each superstep it emits the workset its lane's
 * {@link WorksetTail} wrote, and after the last one the solution set on {@link #RESULT_TAG}. A
 * {@link SolutionSetJoin} or {@link SolutionSetCoGroup} reads its lane's solution set by key: its
 * one input is the other side, hash-partitioned on its keys with the head's parallelism, so lane
 * <i>i</i> finds the keys of partition <i>i</i>. A {@link SolutionSetDeltaTail} replaces records of
 * its lane's solution set; its input is hash-partitioned on the iteration's keys. The loop's FEEDBACK
 * edges go from the delta tail's vertex (head input 0) and the workset tail's vertex (head input 1).
 * Every vertex with one of these operators has the head's parallelism.
 *
 * @see IterationSpec
 */
public final class IterationKinds {

    /** The side output tag on which a loop's head emits the loop's result after the last superstep. */
    public static final String RESULT_TAG = "eddy.iteration-result";

    private IterationKinds() {
    }

    /** A kind of loop operator. */
    public sealed interface IterationKind extends OperatorKind
            permits BulkHead, BulkTail, TerminationTail, DeltaHead, WorksetTail, SolutionSetDeltaTail, SolutionSetJoin, SolutionSetCoGroup {
        /** The name of the iteration (its {@link IterationSpec#name()}) the operator belongs to. */
        String iteration();
    }

    /** The head of bulk iteration {@code iteration}: input 0 is the initial partial solution. */
    public record BulkHead(String iteration) implements IterationKind {
        public static final String NAME = "bulk-iteration-head";

        public BulkHead {
            Objects.requireNonNull(iteration, "iteration");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** The tail of bulk iteration {@code iteration}: its input is the next partial solution; it has no output. */
    public record BulkTail(String iteration) implements IterationKind {
        public static final String NAME = "bulk-iteration-tail";

        public BulkTail {
            Objects.requireNonNull(iteration, "iteration");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * The end of a termination criterion's path: counts its input records into {@link
     * IterationSpec#TERMINATION_AGGREGATOR}; it has no output.
     */
    public record TerminationTail(String iteration) implements IterationKind {
        public static final String NAME = "iteration-termination-tail";

        public TerminationTail {
            Objects.requireNonNull(iteration, "iteration");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * The head of delta iteration {@code iteration}: input 0 is the initial solution set, partitioned
     * on {@code keys}, input 1 the initial workset; the main output carries the workset.
     *
     * @param keys the solution set's keys, over the solution set's type
     * @param unmanaged whether the solution set lives in objects on the heap instead of managed memory
     */
    public record DeltaHead(String iteration, KeySpec keys, boolean unmanaged) implements IterationKind {
        public static final String NAME = "delta-iteration-head";

        public DeltaHead {
            Objects.requireNonNull(iteration, "iteration");
            Objects.requireNonNull(keys, "keys");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** The tail of the next workset of delta iteration {@code iteration}: counts into {@link IterationSpec#TERMINATION_AGGREGATOR}. */
    public record WorksetTail(String iteration) implements IterationKind {
        public static final String NAME = "delta-iteration-workset-tail";

        public WorksetTail {
            Objects.requireNonNull(iteration, "iteration");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * The tail of the solution-set delta of {@code iteration}: replaces records of its lane's
     * solution set; its input is partitioned on {@code keys}, the solution set's keys.
     */
    public record SolutionSetDeltaTail(String iteration, KeySpec keys) implements IterationKind {
        public static final String NAME = "delta-iteration-solution-set-tail";

        public SolutionSetDeltaTail {
            Objects.requireNonNull(iteration, "iteration");
            Objects.requireNonNull(keys, "keys");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * An inner join of its one input with the solution set of {@code iteration}: for each record, the
     * solution-set record with an equal key (if any) and the record go to the user's {@code
     * FlatJoinFunction}, the solution-set record first if {@code solutionSetFirst}.
     *
     * @param probeKeys the keys of the input records, matching the solution set's keys field by field
     */
    public record SolutionSetJoin(String iteration, KeySpec probeKeys, boolean solutionSetFirst) implements IterationKind {
        public static final String NAME = "solution-set-join";

        public SolutionSetJoin {
            Objects.requireNonNull(iteration, "iteration");
            Objects.requireNonNull(probeKeys, "probeKeys");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * A co-group of its one input with the solution set of {@code iteration}: per key of the
     * superstep's input records, the group and the solution-set record with that key (none or one)
     * go to the user's {@code CoGroupFunction}, the solution-set side first if {@code
     * solutionSetFirst}. Keys without input records are not called.
     *
     * @param probeKeys the keys of the input records, matching the solution set's keys field by field
     */
    public record SolutionSetCoGroup(String iteration, KeySpec probeKeys, boolean solutionSetFirst) implements IterationKind {
        public static final String NAME = "solution-set-cogroup";

        public SolutionSetCoGroup {
            Objects.requireNonNull(iteration, "iteration");
            Objects.requireNonNull(probeKeys, "probeKeys");
        }

        @Override
        public String name() {
            return NAME;
        }
    }
}
