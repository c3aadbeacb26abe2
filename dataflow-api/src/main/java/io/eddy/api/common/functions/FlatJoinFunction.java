package io.eddy.api.common.functions;

/**
 * Combines a pair of joined values into zero or more values. In an outer join, the side without a
 * match is null.
 */
@FunctionalInterface
public interface FlatJoinFunction<IN1, IN2, OUT> extends Function {
    void join(IN1 first, IN2 second, Collector<OUT> out) throws Exception;
}
