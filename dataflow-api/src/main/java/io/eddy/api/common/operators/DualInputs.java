package io.eddy.api.common.operators;

import java.util.Objects;

/**
 * The two inputs of a join, coGroup or cross and what its function forwards from each.
 *
 * @param first the first (left) input
 * @param second the second (right) input
 * @param semanticProperties forwarded fields of input 0 (first) and 1 (second)
 */
public record DualInputs<IN1, IN2>(PlanInput<IN1> first, PlanInput<IN2> second, DualInputSemanticProperties semanticProperties) {

    public DualInputs {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(second, "second");
        Objects.requireNonNull(semanticProperties, "semanticProperties");
    }
}
