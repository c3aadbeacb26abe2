package io.eddy.runtime.operators;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The broadcast variables of one task: per name, the complete list of records of that broadcast
 * input. The task fills them before it opens its operators, so they are available in {@code
 * open()} of rich functions; every function of the task gets the same (unmodifiable) list object.
 * The lists live on the heap: a broadcast set must fit into the task's memory (as in Flink).
 *
 * <p>Task thread only.
 */
public final class BroadcastVariables {

    private final Map<String, List<?>> variables = new LinkedHashMap<>();

    /**
     * Registers variable {@code name} with its records.
     *
     * @throws IllegalArgumentException if the name was registered before
     */
    public void register(String name, List<?> values) {
        if (variables.putIfAbsent(name, Collections.unmodifiableList(values)) != null) {
            throw new IllegalArgumentException("Bug: broadcast variable '" + name + "' was registered twice: each name of the "
                    + "head's broadcastNames parameter must be unique");
        }
    }

    /**
     * Registers variable {@code name} with the records of a new superstep, replacing those of the
     * previous one: a loop's dynamic broadcast input (docs/iterations.md), read anew before the
     * operators' functions are reopened for the superstep.
     */
    public void replace(String name, List<?> values) {
        variables.put(name, Collections.unmodifiableList(values));
    }

    /**
     * The records of variable {@code name}.
     *
     * @param operatorName the asking operator with its subtask, for the error message
     * @throws IllegalArgumentException if no variable of that name is registered, naming the registered ones
     */
    @SuppressWarnings("unchecked")
    public <T> List<T> get(String name, String operatorName) {
        List<?> values = variables.get(name);
        if (values == null) {
            throw new IllegalArgumentException("No broadcast variable '" + name + "' in operator '" + operatorName + "': its broadcast "
                    + "variables are " + variables.keySet() + ". Register the data set with withBroadcastSet(dataSet, \"" + name
                    + "\") on this operator");
        }
        return (List<T>) values;
    }

    /** The registered names, in registration order. */
    public java.util.Set<String> names() {
        return Collections.unmodifiableSet(variables.keySet());
    }
}
