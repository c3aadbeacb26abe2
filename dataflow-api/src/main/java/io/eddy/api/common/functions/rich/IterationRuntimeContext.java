package io.eddy.api.common.functions.rich;

import io.eddy.api.common.aggregators.Aggregator;
import java.io.Serializable;

/**
 * The runtime context of a rich function that runs inside an iteration's loop body: what {@link
 * RuntimeContext} gives, and the superstep and the iteration's aggregators (docs/iterations.md).
 * Read it through {@link AbstractRichFunction#getIterationRuntimeContext()}.
 */
public interface IterationRuntimeContext extends RuntimeContext {

    /** The superstep being computed, from 1. */
    int getSuperstepNumber();

    /**
     * This task's copy of the aggregator registered with the iteration under {@code name}: add to it
     * during the superstep; it is reset before each superstep.
     *
     * @throws IllegalArgumentException if the iteration has no aggregator of that name (the message lists its aggregators)
     */
    <A extends Aggregator<?>> A getIterationAggregator(String name);

    /**
     * The combined value of aggregator {@code name} over all tasks at the end of the previous
     * superstep; null in superstep 1.
     *
     * @throws IllegalArgumentException if the iteration has no aggregator of that name
     */
    <T extends Serializable> T getPreviousIterationAggregate(String name);
}
