package io.eddy.api.common.functions;

/** Turns each value into zero or more values. */
@FunctionalInterface
public interface FlatMapFunction<T, O> extends Function {
    void flatMap(T value, Collector<O> out) throws Exception;
}
