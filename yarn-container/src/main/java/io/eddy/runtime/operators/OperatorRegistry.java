package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;

/** Where an {@link OperatorProvider} registers the runtime operators of its kinds. */
public interface OperatorRegistry {

    /**
     * Registers the creator of the runtime operator for descriptors whose kind is of class {@code
     * kind} (exactly that class: kinds are records).
     *
     * @throws IllegalStateException if another provider registered the kind
     */
    <K extends OperatorKind> void add(Class<K> kind, Creator<? super K> creator);

    /** Creates the runtime operator of one descriptor; a new instance per call. */
    @FunctionalInterface
    interface Creator<K extends OperatorKind> {
        /**
         * @param descriptor the operator's descriptor
         * @param kind the descriptor's kind, as its own type
         */
        StreamOperator<?> create(OperatorDescriptor descriptor, K kind);
    }
}
