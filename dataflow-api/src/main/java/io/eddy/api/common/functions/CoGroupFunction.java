package io.eddy.api.common.functions;

/**
 * Receives, per key, the group of values of the first input and the group of the second (either may
 * be empty) and emits zero or more values. Each iterable may be traversed once only.
 */
@FunctionalInterface
public interface CoGroupFunction<IN1, IN2, OUT> extends Function {
    void coGroup(Iterable<IN1> first, Iterable<IN2> second, Collector<OUT> out) throws Exception;
}
