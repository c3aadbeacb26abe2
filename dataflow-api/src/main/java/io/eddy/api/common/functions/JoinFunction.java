package io.eddy.api.common.functions;

/**
 * Combines a pair of joined values into one value. In an outer join, the side without a match is
 * null.
 */
@FunctionalInterface
public interface JoinFunction<IN1, IN2, OUT> extends Function {
    OUT join(IN1 first, IN2 second) throws Exception;
}
