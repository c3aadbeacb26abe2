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
    private final IterationResume resume;
    private Map<String, Serializable> previous = Map.of();
    private int superstep;

    private TaskIterationContext(IterationSpec spec, String taskName, ClassLoader classLoader, Map<String, Aggregator<?>> aggregators,
            IterationResume resume) {
        this.spec = spec;
        this.taskName = taskName;
        this.classLoader = classLoader;
        this.aggregators = aggregators;
        this.resume = resume;
        if (resume == null) {
            this.superstep = 1;
        } else {
            this.superstep = resume.superstep();
            this.previous = readAggregates(resume.aggregatesBytes(), resume.snapshotSuperstep());
        }
    }

    /**
     * The context of a task in superstep 1.
     *
     * @param taskName the task with its subtask, for errors
     * @param classLoader the job's class loader (aggregators and aggregates are user classes)
     */
    public static TaskIterationContext create(IterationSpec spec, String taskName, ClassLoader classLoader) {
        return create(spec, taskName, classLoader, null);
    }

    /**
     * The context of a task in the first superstep of a run: superstep 1, or {@code
     * resumeOrNull.superstep()} with the snapshot's aggregates as the previous ones.
     */
    public static TaskIterationContext create(IterationSpec spec, String taskName, ClassLoader classLoader, IterationResume resumeOrNull) {
        AggregatorRegistry registry = InstantiationUtil.deserialize(spec.aggregatorsBytes(), classLoader,
                "the aggregators of iteration '" + spec.name() + "'");
        Map<String, Aggregator<?>> copies = new LinkedHashMap<>(registry.getAggregators());
        if (spec.endsOnEmptyCount()) {
            copies.put(IterationSpec.TERMINATION_AGGREGATOR, new LongSumAggregator());
        }
        copies.values().forEach(Aggregator::reset);
        return new TaskIterationContext(spec, taskName, classLoader, copies, resumeOrNull);
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
    public int firstSuperstep() {
        return resume == null ? 1 : resume.superstep();
    }

    @Override
    public IterationResume resumeOrNull() {
        return resume;
    }

    /** Whether the task computes the first superstep of its run. */
    public boolean isFirstSuperstep() {
        return superstep == firstSuperstep();
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
        previous = readAggregates(Objects.requireNonNull(previousAggregatesBytes), superstep);
        aggregators.values().forEach(Aggregator::reset);
        superstep = next;
    }

    private Map<String, Serializable> readAggregates(byte[] bytes, int ofSuperstep) {
        Map<String, Serializable> aggregates = InstantiationUtil.deserialize(bytes, classLoader,
                "the aggregates of superstep " + ofSuperstep + " of iteration '" + spec.name() + "'");
        return Collections.unmodifiableMap(new HashMap<>(aggregates));
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
