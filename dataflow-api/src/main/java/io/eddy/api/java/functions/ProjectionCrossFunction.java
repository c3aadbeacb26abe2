package io.eddy.api.java.functions;

import io.eddy.api.common.functions.CrossFunction;
import io.eddy.api.java.tuple.Tuple;

/** The function of a cross with {@code projectFirst/projectSecond}: the projected tuple of each pair. */
public final class ProjectionCrossFunction<IN1, IN2, OUT extends Tuple> implements CrossFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;

    private final PairProjection projection;

    public ProjectionCrossFunction(PairProjection projection) {
        this.projection = java.util.Objects.requireNonNull(projection, "projection");
    }

    @Override
    @SuppressWarnings("unchecked")
    public OUT cross(IN1 first, IN2 second) {
        return (OUT) projection.project(first, second);
    }
}
