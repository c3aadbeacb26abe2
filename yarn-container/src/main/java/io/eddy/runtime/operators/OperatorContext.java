package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import java.util.Objects;

/**
 * What the runtime gives one operator of a chain: its name, its descriptor, the task it runs in
 * and the output it emits to.
 *
 * @param name the operator's name, e.g. {@code "Map"}
 * @param descriptor the operator's descriptor
 * @param environment the task's shared environment
 * @param output where the operator emits
 */
public record OperatorContext<OUT>(String name, OperatorDescriptor descriptor, TaskEnvironment environment, Output<OUT> output) {

    public OperatorContext {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(descriptor, "descriptor");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(output, "output");
    }

    /** The name with the subtask, e.g. {@code "Map (2/4)"}, as error messages show it. */
    public String nameWithSubtask() {
        return environment.withSubtask(name);
    }
}
