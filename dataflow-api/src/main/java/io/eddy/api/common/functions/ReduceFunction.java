package io.eddy.api.common.functions;

/**
 * Combines two values of one type into one. Must be associative; the runtime may pass the
 * result of one call as an argument of the next.
 */
@FunctionalInterface
public interface ReduceFunction<T> extends Function {
    T reduce(T value1, T value2) throws Exception;
}
