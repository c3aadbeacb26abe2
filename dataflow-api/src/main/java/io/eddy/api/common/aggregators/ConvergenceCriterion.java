package io.eddy.api.common.aggregators;

import java.io.Serializable;

/**
 * Decides from an aggregator's combined value at the end of a superstep whether an iteration has
 * converged, which ends it. Runs on the master, once per superstep.
 *
 * @param <T> the aggregate's type
 */
@FunctionalInterface
public interface ConvergenceCriterion<T extends Serializable> extends Serializable {

    /** Whether the iteration has converged after {@code superstep} (1-based), whose combined aggregate is {@code aggregate}. */
    boolean isConverged(int superstep, T aggregate);
}
