package io.eddy.api.common.operators;

import java.io.Serializable;
import java.util.Set;

/**
 * What an operator's function is known to copy unchanged from an input to its output, as flat
 * field positions ({@link FlatFields}): from forwarded-field annotations and {@code
 * withForwardedFields(...)}, or inherent in the operator (a filter forwards everything). The
 * optimizer uses it to keep partitionings and orders across the operator. Fields not mentioned
 * are assumed changed. Immutable.
 */
public interface SemanticProperties extends Serializable {

    /** The output flat fields that hold the input's flat field {@code sourceField} unchanged; empty if none. */
    Set<Integer> getForwardingTargetFields(int input, int sourceField);

    /** The input flat field that output flat field {@code targetField} is a copy of, or -1. */
    int getForwardingSourceField(int input, int targetField);
}
