package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import java.util.Map;

/**
 * Supplies runtime operators for operator kinds. Found with {@link java.util.ServiceLoader}: a
 * module that adds kinds (windows, iterations, batch drivers) lists its provider in {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}. A kind may be provided once.
 */
public interface OperatorProvider {

    /** The operators this provider implements, by kind. */
    Map<String, Creator> operators();

    /** Creates the runtime operator of one descriptor; a new instance per call. */
    @FunctionalInterface
    interface Creator {
        StreamOperator<?> create(OperatorDescriptor descriptor);
    }
}
