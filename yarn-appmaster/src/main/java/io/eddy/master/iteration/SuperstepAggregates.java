package io.eddy.master.iteration;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.ConvergenceCriterion;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The aggregators of one superstep of one loop on the master: fresh copies of the aggregators the
 * loop registered (read from its {@link IterationSpec#aggregatorsBytes()} and {@link
 * Aggregator#reset reset}), plus a {@link LongSumAggregator} under {@link
 * IterationSpec#TERMINATION_AGGREGATOR} when the loop {@link IterationSpec#endsOnEmptyCount() ends
 * on an empty count}. Each task's values are folded in with {@link Aggregator#aggregate}; once every
 * task reported, {@link #combined()} are the values the heads pass on to superstep s + 1 and the
 * convergence criterion tests.
 *
 * <p>Aggregators and criteria are user classes: everything is read with the job's class loader.
 * Owned by the master's main thread.
 */
final class SuperstepAggregates {

    private final IterationSpec spec;
    private final ClassLoader userCode;
    /** By name, in registration order; the termination count last. */
    private final Map<String, Aggregator<?>> aggregators = new LinkedHashMap<>();

    /** Fresh copies of {@code spec}'s aggregators (see {@link #readRegistry}). */
    SuperstepAggregates(IterationSpec spec, ClassLoader userCode) {
        this.spec = spec;
        this.userCode = userCode;
        for (Map.Entry<String, Aggregator<?>> e : readRegistry(spec, userCode).getAggregators().entrySet()) {
            Aggregator<?> copy = e.getValue();
            copy.reset();
            aggregators.put(e.getKey(), copy);
        }
        if (spec.endsOnEmptyCount()) {
            aggregators.put(IterationSpec.TERMINATION_AGGREGATOR, new LongSumAggregator());
        }
    }

    /**
     * A fresh copy of the registry of {@code spec}: its aggregators are the copies of this read only.
     *
     * @throws IllegalArgumentException naming the iteration if the bytes cannot be read, are no
     *     registry, or register the reserved name {@link IterationSpec#TERMINATION_AGGREGATOR}
     */
    static AggregatorRegistry readRegistry(IterationSpec spec, ClassLoader userCode) {
        Object read;
        try {
            read = InstantiationUtil.deserialize(spec.aggregatorsBytes(), userCode, "the aggregators of iteration '" + spec.name() + "'");
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        if (!(read instanceof AggregatorRegistry registry)) {
            throw new IllegalArgumentException("Bug: the aggregators of iteration '" + spec.name() + "' are a "
                    + (read == null ? "null" : read.getClass().getName()) + ", not an " + AggregatorRegistry.class.getName());
        }
        if (registry.getAggregators().containsKey(IterationSpec.TERMINATION_AGGREGATOR)) {
            throw new IllegalArgumentException("Iteration '" + spec.name() + "' registers an aggregator named '"
                    + IterationSpec.TERMINATION_AGGREGATOR + "', a name the runtime reserves: rename the aggregator");
        }
        return registry;
    }

    /**
     * Folds in the values {@code task} reported: the Java-serialized {@code HashMap<String,
     * Serializable>} of its aggregators' partial values, by name (null or empty: no values).
     *
     * @throws IllegalStateException naming the task and the aggregator if a value cannot be read, has
     *     no registered aggregator, or its aggregator does not take it; a user aggregator's own
     *     exception is passed on
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void add(TaskId task, byte[] valuesBytes) {
        if (valuesBytes == null || valuesBytes.length == 0) {
            return;
        }
        Object read = InstantiationUtil.deserialize(valuesBytes, userCode, "the aggregates of task " + task + " in iteration '" + spec.name() + "'");
        if (!(read instanceof Map<?, ?> values)) {
            throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported aggregates of class "
                    + (read == null ? "null" : read.getClass().getName()) + " (expected: a HashMap<String, Serializable>)");
        }
        for (Map.Entry<?, ?> e : values.entrySet()) {
            Aggregator aggregator = aggregators.get(e.getKey());
            if (aggregator == null || e.getValue() == null) {
                throw new IllegalStateException("Bug: task " + task + " of iteration '" + spec.name() + "' reported the value " + e.getValue()
                        + " of aggregator '" + e.getKey() + "'; the loop's aggregators are " + aggregators.keySet());
            }
            try {
                aggregator.aggregate((Serializable) e.getValue());
            } catch (ClassCastException wrongType) {
                throw new IllegalStateException("Task " + task + " of iteration '" + spec.name() + "' reported a " + e.getValue().getClass().getName()
                        + " for aggregator '" + e.getKey() + "', which its " + aggregator.getClass().getName() + " cannot aggregate: "
                        + wrongType.getMessage(), wrongType);
            }
        }
    }

    /** The combined value of every aggregator, by name (each registered one, reported or not, and the termination count). */
    HashMap<String, Serializable> combined() {
        HashMap<String, Serializable> values = new HashMap<>();
        for (Map.Entry<String, Aggregator<?>> e : aggregators.entrySet()) {
            values.put(e.getKey(), e.getValue().getAggregate());
        }
        return values;
    }

    /** The combined termination count; only for a loop that {@link IterationSpec#endsOnEmptyCount() ends on an empty count}. */
    long terminationCount() {
        Aggregator<?> count = aggregators.get(IterationSpec.TERMINATION_AGGREGATOR);
        if (count == null) {
            throw new IllegalStateException("Bug: iteration '" + spec.name() + "' counts no records to end on");
        }
        return (Long) count.getAggregate();
    }

    /**
     * Whether {@code criterion} (the registry's, over aggregator {@code name}) holds on the combined
     * value after {@code superstep}.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    boolean converged(ConvergenceCriterion<?> criterion, String name, int superstep) {
        Aggregator<?> aggregator = aggregators.get(name);
        if (aggregator == null) {
            throw new IllegalStateException("Bug: the convergence criterion of iteration '" + spec.name() + "' tests aggregator '" + name
                    + "', which is not among " + aggregators.keySet());
        }
        return ((ConvergenceCriterion) criterion).isConverged(superstep, aggregator.getAggregate());
    }
}
