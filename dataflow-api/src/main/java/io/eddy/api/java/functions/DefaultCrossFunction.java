package io.eddy.api.java.functions;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.java.tuple.Tuple2;

/** The function of a cross without {@code with(...)}: each pair becomes a {@code Tuple2(first, second)}. */
public final class DefaultCrossFunction<IN1, IN2> implements CrossFunction<IN1, IN2, Tuple2<IN1, IN2>> {

    private static final long serialVersionUID = 1L;

    @Override
    public Tuple2<IN1, IN2> cross(IN1 first, IN2 second) {
        return new Tuple2<>(first, second);
    }
}
