package io.eddy.runtime.operators.windowing;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.StreamOperator;

/** Creates the window operator of a {@code WINDOW} descriptor: the evicting variant when the window has an evictor. */
public final class WindowOperators {

    private WindowOperators() {}

    public static StreamOperator<?> create(OperatorDescriptor descriptor) {
        return WindowOperator.windowSpec(descriptor).evictor() != null ? new EvictingWindowOperator<>(descriptor)
                : new WindowOperator<>(descriptor);
    }
}
