package io.eddy.api.java.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.java.tuple.Tuple;

/** The function of a join with {@code projectFirst/projectSecond}: one projected tuple per pair. */
public final class ProjectionJoinFunction<IN1, IN2, OUT extends Tuple> implements FlatJoinFunction<IN1, IN2, OUT> {

    private static final long serialVersionUID = 1L;

    private final PairProjection projection;

    public ProjectionJoinFunction(PairProjection projection) {
        this.projection = java.util.Objects.requireNonNull(projection, "projection");
    }

    @Override
    @SuppressWarnings("unchecked")
    public void join(IN1 first, IN2 second, Collector<OUT> out) {
        out.collect((OUT) projection.project(first, second));
    }
}
