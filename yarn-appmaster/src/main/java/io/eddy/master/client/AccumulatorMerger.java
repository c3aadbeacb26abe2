package io.eddy.master.client;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.runtime.cluster.AccumulatorBytes;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * Merges the accumulators of a job's finished tasks by name ({@link Accumulator#merge}) into final
 * values. Accumulators are user objects, so they are read with the job's class loader.
 */
final class AccumulatorMerger {

    private final ClassLoader classLoader;
    private final Map<String, Accumulator<?, ?>> merged = new HashMap<>();

    AccumulatorMerger(ClassLoader classLoader) {
        this.classLoader = classLoader;
    }

    /**
     * Adds one task's accumulators.
     *
     * @throws IllegalStateException if two tasks registered accumulators of different classes under one name
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void add(byte[] serializedAccumulators, String taskName) {
        if (serializedAccumulators == null) {
            return;
        }
        Map<String, Accumulator<?, ?>> accumulators = AccumulatorBytes.deserializeAccumulators(serializedAccumulators, classLoader, "task '" + taskName + "'");
        for (Map.Entry<String, Accumulator<?, ?>> e : accumulators.entrySet()) {
            Accumulator existing = merged.get(e.getKey());
            Accumulator next = e.getValue();
            if (existing == null) {
                merged.put(e.getKey(), next);
            } else if (existing.getClass() != next.getClass()) {
                throw new IllegalStateException("Accumulator '" + e.getKey() + "' is a " + existing.getClass().getName() + " in one task and a "
                        + next.getClass().getName() + " in task '" + taskName + "': register one accumulator class per name");
            } else {
                existing.merge(next);
            }
        }
    }

    /** The merged final values by name. */
    Map<String, Serializable> results() {
        Map<String, Serializable> values = new HashMap<>();
        for (Map.Entry<String, Accumulator<?, ?>> e : merged.entrySet()) {
            values.put(e.getKey(), e.getValue().getLocalValue());
        }
        return values;
    }
}
