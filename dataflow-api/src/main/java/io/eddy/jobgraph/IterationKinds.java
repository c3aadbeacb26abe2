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
 * @see IterationSpec
 */
public final class IterationKinds {

    /** The side output tag on which a loop's head emits the loop's result after the last superstep. */
    public static final String RESULT_TAG = "eddy.iteration-result";

    private IterationKinds() {
    }

    /** A kind of loop operator. */
    public sealed interface IterationKind extends OperatorKind permits BulkHead, BulkTail, TerminationTail {
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
}
