package io.eddy.runtime.iteration;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link IterationTaskContext} of one task: the superstep, the task's own copies of the loop's
 * aggregators (deserialized from the spec's registry, plus the reserved {@link
 * IterationSpec#TERMINATION_AGGREGATOR} long sum when the loop {@linkplain
 * IterationSpec#endsOnEmptyCount() ends on an empty count}) and the previous superstep's combined
 * aggregates. Task thread only.
 */
public final class TaskIterationContext implements IterationTaskContext {

    private final IterationSpec spec;
    private final String taskName;
    private final ClassLoader classLoader;
    private final Map<String, Aggregator<?>> aggregators;
    private Map<String, Serializable> previous = Map.of();
    private int superstep = 1;

    private TaskIterationContext(IterationSpec spec, String taskName, ClassLoader classLoader, Map<String, Aggregator<?>> aggregators) {
        this.spec = spec;
        this.taskName = taskName;
        this.classLoader = classLoader;
        this.aggregators = aggregators;
    }

    /**
     * The context of a task in superstep 1.
     *
     * @param taskName the task with its subtask, for errors
     * @param classLoader the job's class loader (aggregators and aggregates are user classes)
     */
    public static TaskIterationContext create(IterationSpec spec, String taskName, ClassLoader classLoader) {
        AggregatorRegistry registry = InstantiationUtil.deserialize(spec.aggregatorsBytes(), classLoader,
                "the aggregators of iteration '" + spec.name() + "'");
        Map<String, Aggregator<?>> copies = new LinkedHashMap<>(registry.getAggregators());
        if (spec.endsOnEmptyCount()) {
            copies.put(IterationSpec.TERMINATION_AGGREGATOR, new LongSumAggregator());
        }
        copies.values().forEach(Aggregator::reset);
        return new TaskIterationContext(spec, taskName, classLoader, copies);
    }

    @Override
    public IterationSpec spec() {
        return spec;
    }

    @Override
    public int superstep() {
        return superstep;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends Aggregator<?>> A aggregator(String name) {
        return (A) known(name, aggregators.get(name));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Serializable> T previousAggregate(String name) {
        known(name, aggregators.get(name));
        return (T) previous.get(name);
    }

    private Aggregator<?> known(String name, Aggregator<?> aggregator) {
        if (aggregator == null) {
            throw new IllegalArgumentException("Iteration '" + spec.name() + "' has no aggregator '" + name + "' (in task '" + taskName
                    + "'); its aggregators are " + aggregators.keySet() + ": register it with registerAggregator(\"" + name
                    + "\", aggregator) on the iteration");
        }
        return aggregator;
    }

    /**
     * Superstep {@code next} starts: the previous superstep's combined aggregates become readable and
     * the task's aggregator copies are reset.
     *
     * @param previousAggregatesBytes the Java-serialized {@code HashMap<String, Serializable>} of the
     *     combined aggregates of superstep {@code next - 1}
     * @throws IllegalStateException if {@code next} does not follow the current superstep
     */
    public void startSuperstep(int next, byte[] previousAggregatesBytes) {
        if (next != superstep + 1) {
            throw new IllegalStateException("Bug: task '" + taskName + "' of iteration '" + spec.name() + "' is in superstep " + superstep
                    + " and was told to start superstep " + next);
        }
        Map<String, Serializable> aggregates = InstantiationUtil.deserialize(Objects.requireNonNull(previousAggregatesBytes), classLoader,
                "the aggregates of superstep " + superstep + " of iteration '" + spec.name() + "'");
        previous = Collections.unmodifiableMap(new HashMap<>(aggregates));
        aggregators.values().forEach(Aggregator::reset);
        superstep = next;
    }

    /** The Java-serialized {@code HashMap<String, Serializable>} of this task's aggregator values in the current superstep. */
    public byte[] aggregatesBytes() {
        HashMap<String, Serializable> values = new HashMap<>();
        aggregators.forEach((name, aggregator) -> values.put(name, aggregator.getAggregate()));
        return InstantiationUtil.serialize(values, "the aggregates of task '" + taskName + "' in superstep " + superstep);
    }

    @Override
    public String toString() {
        return "TaskIterationContext{" + spec.name() + ", superstep " + superstep + ", " + taskName + "}";
    }
}
