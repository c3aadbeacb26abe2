package io.eddy.runtime.operators.windowing;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.StreamOperator;

/** Creates the window operator of a {@code Window} descriptor: the evicting variant when the window has an evictor. */
public final class WindowOperators {

    private WindowOperators() {}

    public static StreamOperator<?> create(OperatorDescriptor descriptor, OperatorKinds.Window kind) {
        return kind.spec().evictor() != null ? new EvictingWindowOperator<>(descriptor, kind) : new WindowOperator<>(descriptor, kind);
    }
}
