package io.eddy.api.common.aggregators;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The aggregators of one iteration by name, and the one convergence criterion over an aggregator
 * (if any). Filled while the program is built (on its thread); part of the plan, shipped to the
 * tasks (each task's functions get their own copies) and to the master (which combines them).
 */
public final class AggregatorRegistry implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Map<String, Aggregator<?>> aggregators = new LinkedHashMap<>();
    private String convergenceAggregatorName;
    private ConvergenceCriterion<?> convergenceCriterion;

    /**
     * Registers {@code aggregator} under {@code name}.
     *
     * @throws IllegalArgumentException if the name is empty or already taken
     */
    public void register(String name, Aggregator<?> aggregator) {
        Objects.requireNonNull(aggregator, "registerAggregator: aggregator");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("registerAggregator: name '" + name + "' (expected: a non-empty name)");
        }
        if (aggregators.containsKey(name)) {
            throw new IllegalArgumentException("registerAggregator: an aggregator named '" + name + "' is already registered with this"
                    + " iteration (" + aggregators.get(name).getClass().getName() + "); give each aggregator its own name");
        }
        aggregators.put(name, aggregator);
    }

    /**
     * Registers {@code aggregator} under {@code name} and ends the iteration after a superstep whose
     * combined aggregate satisfies {@code criterion}.
     *
     * @throws IllegalStateException if the iteration has a convergence criterion already
     */
    public <T extends Serializable> void registerWithConvergenceCriterion(String name, Aggregator<T> aggregator, ConvergenceCriterion<T> criterion) {
        Objects.requireNonNull(criterion, "registerAggregationConvergenceCriterion: criterion");
        if (convergenceCriterion != null) {
            throw new IllegalStateException("registerAggregationConvergenceCriterion: the iteration has a convergence criterion already"
                    + " (over aggregator '" + convergenceAggregatorName + "'); combine both conditions in one criterion");
        }
        register(name, aggregator);
        convergenceAggregatorName = name;
        convergenceCriterion = criterion;
    }

    /** The aggregators by name, in registration order (unmodifiable). */
    public Map<String, Aggregator<?>> getAggregators() {
        return Collections.unmodifiableMap(aggregators);
    }

    /** The name of the aggregator the convergence criterion tests, or null. */
    public String getConvergenceAggregatorName() {
        return convergenceAggregatorName;
    }

    /** The convergence criterion, or null. */
    public ConvergenceCriterion<?> getConvergenceCriterion() {
        return convergenceCriterion;
    }

    @Override
    public String toString() {
        return "aggregators=" + aggregators.keySet() + (convergenceCriterion == null ? "" : ", converges on '" + convergenceAggregatorName + "'");
    }
}
