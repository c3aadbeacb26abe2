package io.eddy.runtime.operators.batch.io;

import io.eddy.jobgraph.OperatorDescriptor;

/** Reads the format parameter of a batch source or sink descriptor. */
final class BatchFormats {

    private BatchFormats() {}

    /**
     * The parameter {@code name} of {@code descriptor} as a {@code type}.
     *
     * @throws IllegalArgumentException naming the kind, the parameter and what it holds, if it is missing or of another type
     */
    static <T> T requireParam(OperatorDescriptor descriptor, String name, Class<T> type) {
        Object value = descriptor.params().get(name);
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("Bug: an operator of kind '" + descriptor.kind() + "' needs an " + type.getSimpleName()
                    + " in parameter '" + name + "' but its descriptor holds " + (value == null ? "none" : "a " + value.getClass().getName()));
        }
        return type.cast(value);
    }
}
