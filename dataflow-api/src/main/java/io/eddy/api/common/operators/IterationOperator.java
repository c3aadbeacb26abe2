package io.eddy.api.common.operators;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import java.util.List;

/**
 * A loop of the logical plan: its regular inputs ({@link LogicalOperator#getInputs()}) are the
 * data it starts from; its loop body is everything its {@link #getBodyRoots() body roots} read,
 * back to its {@link #getPlaceholders() placeholders}, and is not among its inputs. Data sets of the
 * body that do not read a placeholder (directly or not) are the loop's static inputs: computed once.
 */
public sealed interface IterationOperator permits BulkIterationBase, DeltaIterationBase {

    String getName();

    /** The data sets the loop body reads as the iteration's current data. */
    List<IterationPlaceholder<?>> getPlaceholders();

    /**
     * The data sets computed by the loop body each superstep, each with what it is for: bulk — the
     * next partial solution and the termination criterion (if any); delta — the solution-set delta
     * and the next workset.
     */
    List<BodyRoot> getBodyRoots();

    /** The number of supersteps after which the loop ends at the latest. */
    int getMaxIterations();

    AggregatorRegistry getAggregators();

    /** A data set the loop body computes each superstep, and its meaning (e.g. {@code "next partial solution"}). */
    record BodyRoot(LogicalOperator<?> operator, String meaning) {
    }
}
