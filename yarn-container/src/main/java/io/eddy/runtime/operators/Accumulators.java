package io.eddy.runtime.operators;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.accumulators.LongCounter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The accumulators of one task, shared by the operators of its chain (so two operators of one
 * chain that register the same name conflict). Task thread only; the task hands a snapshot to its
 * listener when it finishes.
 */
public final class Accumulators {

    private final String taskNameWithSubtask;
    private final Map<String, Accumulator<?, ?>> accumulators = new LinkedHashMap<>();

    public Accumulators(String taskNameWithSubtask) {
        this.taskNameWithSubtask = taskNameWithSubtask;
    }

    /**
     * @throws IllegalArgumentException if an accumulator named {@code name} is already registered in this task
     */
    public void add(String name, Accumulator<?, ?> accumulator) {
        if (name == null || accumulator == null) {
            throw new NullPointerException("accumulator name and accumulator must not be null (name: " + name + ")");
        }
        if (accumulators.containsKey(name)) {
            throw new IllegalArgumentException("An accumulator named '" + name + "' is already registered in task '" + taskNameWithSubtask
                    + "': register each accumulator once (in open()), give it another name, or fetch the existing one with getAccumulator(\""
                    + name + "\")");
        }
        accumulators.put(name, accumulator);
    }

    /** The accumulator named {@code name}, or null. */
    public Accumulator<?, ?> get(String name) {
        return accumulators.get(name);
    }

    /** The counter named {@code name}, registered on first use. */
    public IntCounter intCounter(String name) {
        return getOrAdd(name, IntCounter.class, IntCounter::new);
    }

    /** The counter named {@code name}, registered on first use. */
    public LongCounter longCounter(String name) {
        return getOrAdd(name, LongCounter.class, LongCounter::new);
    }

    /** All accumulators, by name, in registration order (a read-only view). */
    public Map<String, Accumulator<?, ?>> all() {
        return Collections.unmodifiableMap(accumulators);
    }

    private <A extends Accumulator<?, ?>> A getOrAdd(String name, Class<A> type, Supplier<A> factory) {
        Accumulator<?, ?> existing = accumulators.get(name);
        if (existing == null) {
            A created = factory.get();
            accumulators.put(name, created);
            return created;
        }
        if (!type.isInstance(existing)) {
            throw new IllegalStateException("The accumulator '" + name + "' of task '" + taskNameWithSubtask + "' is a "
                    + existing.getClass().getSimpleName() + ", not a " + type.getSimpleName() + ": use another name for the "
                    + type.getSimpleName());
        }
        return type.cast(existing);
    }
}
