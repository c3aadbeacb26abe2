package io.eddy.runtime.operators;

/**
 * Supplies the runtime operators of operator kinds. Found with {@link java.util.ServiceLoader}: a
 * module that adds kinds (iterations, Hadoop functions, batch drivers) lists its provider in {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}, so the worker runs its operators
 * without the runtime naming them. A kind may be provided once.
 */
public interface OperatorProvider {

    /** Registers, for each kind this provider implements, how to create its runtime operator. */
    void register(OperatorRegistry registry);
}
