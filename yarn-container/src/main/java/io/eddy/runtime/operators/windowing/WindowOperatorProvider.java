package io.eddy.runtime.operators.windowing;

import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;

/** The window operators of the {@link OperatorKinds.Window} kind (docs/windows.md). */
public final class WindowOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(OperatorKinds.Window.class, WindowOperators::create);
    }
}
