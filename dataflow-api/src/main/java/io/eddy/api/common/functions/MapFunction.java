package io.eddy.api.common.functions;

/** Turns each value into exactly one value. */
@FunctionalInterface
public interface MapFunction<T, O> extends Function {
    O map(T value) throws Exception;
}
