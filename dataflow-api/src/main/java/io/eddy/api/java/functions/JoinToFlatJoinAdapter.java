package io.eddy.api.java.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.common.functions.JoinFunction;
import io.eddy.api.common.functions.rich.WrappingFunction;

/**
 * Runs a program's {@link JoinFunction} as the {@link FlatJoinFunction} the plan's join carries:
 * one output per pair. Life-cycle calls reach the wrapped function if it is rich.
 */
public final class JoinToFlatJoinAdapter<IN1, IN2, OUT> extends WrappingFunction<JoinFunction<IN1, IN2, OUT>>
        implements FlatJoinFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;

    public JoinToFlatJoinAdapter(JoinFunction<IN1, IN2, OUT> wrapped) {
        super(wrapped);
    }

    @Override
    public void join(IN1 first, IN2 second, Collector<OUT> out) throws Exception {
        out.collect(wrapped.join(first, second));
    }
}
