package io.eddy.api.common.functions;

/**
 * Combines one pair of the Cartesian product of two inputs into one value.
 */
@FunctionalInterface
public interface CrossFunction<IN1, IN2, OUT> extends Function {
    OUT cross(IN1 first, IN2 second) throws Exception;
}
