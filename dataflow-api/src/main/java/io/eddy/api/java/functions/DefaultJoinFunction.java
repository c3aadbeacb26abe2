package io.eddy.api.java.functions;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.FlatJoinFunction;
import io.eddy.api.java.tuple.Tuple2;

/** The function of a join without {@code with(...)}: each pair becomes a {@code Tuple2(first, second)}. */
public final class DefaultJoinFunction<IN1, IN2> implements FlatJoinFunction<IN1, IN2, Tuple2<IN1, IN2>> {

    private static final long serialVersionUID = 1L;

    @Override
    public void join(IN1 first, IN2 second, Collector<Tuple2<IN1, IN2>> out) {
        out.collect(new Tuple2<>(first, second));
    }
}
